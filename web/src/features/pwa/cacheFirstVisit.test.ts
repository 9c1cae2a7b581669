import { expect, it, vi } from 'vitest';
import { CACHE_URLS } from '../../sw/routes';
import { carry } from '../../test/firstScreen';
import { cacheFirstVisit } from './cacheFirstVisit';

/** A service worker container that no worker controls yet; take() hands the page to one. */
function fakeWorker() {
  const container = new EventTarget() as EventTarget & { controller: { postMessage: (m: unknown) => void } | null };
  container.controller = null;
  const posted: unknown[] = [];
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: container });
  return {
    posted,
    take() {
      container.controller = { postMessage: (m) => posted.push(m) };
      container.dispatchEvent(new Event('controllerchange'));
    },
  };
}

it('hands the new worker what the first visit fetched and the reads whose answers the page carried', () => {
  const worker = fakeWorker();
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { name: `${location.origin}/uploads/demo/tee.png?w=640` } as PerformanceEntry,
  ]);
  carry({ '/api/products': { products: [] }, '/api/config': {} });
  cacheFirstVisit();
  worker.take();
  expect(worker.posted).toEqual([
    {
      type: CACHE_URLS,
      urls: [`${location.origin}/uploads/demo/tee.png?w=640`, `${location.origin}/api/products`, `${location.origin}/api/config`],
    },
  ]);
});

it('hands over what was fetched alone when the page carried nothing', () => {
  const worker = fakeWorker();
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ name: `${location.origin}/api/products` } as PerformanceEntry]);
  cacheFirstVisit();
  worker.take();
  expect(worker.posted).toEqual([{ type: CACHE_URLS, urls: [`${location.origin}/api/products`] }]);
});
