import { firstScreenData } from '../../lib/firstScreen';
import { CACHE_URLS } from '../../sw/routes';

/**
 * On the first visit the page loads its products and pictures before the service worker exists.
 * When the worker takes control, this hands it the addresses the page fetched so far, and those of
 * the reads whose answers the page carried instead (lib/firstScreen.ts), which the worker then
 * fetches (it keeps only pictures and public catalogue reads), so what was seen opens offline as well.
 */
export function cacheFirstVisit() {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw || sw.controller) return; // already controlled: everything went through the worker
  sw.addEventListener(
    'controllerchange',
    () => {
      const fetched = performance.getEntriesByType('resource').map((e) => e.name);
      const carried = Object.keys(firstScreenData() ?? {}).map((read) => new URL(read, location.href).href);
      sw.controller?.postMessage({ type: CACHE_URLS, urls: [...fetched, ...carried] });
    },
    { once: true },
  );
}
