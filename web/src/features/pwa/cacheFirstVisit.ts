import { CACHE_URLS } from '../../sw/routes';

/**
 * On the first visit the page loads its products and pictures before the service worker exists.
 * When the worker takes control, this hands it the addresses the page fetched so far (the worker
 * keeps only pictures and public catalogue reads), so what was seen opens offline as well.
 */
export function cacheFirstVisit() {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw || sw.controller) return; // already controlled: everything went through the worker
  sw.addEventListener(
    'controllerchange',
    () => {
      const urls = performance.getEntriesByType('resource').map((e) => e.name);
      sw.controller?.postMessage({ type: CACHE_URLS, urls });
    },
    { once: true },
  );
}
