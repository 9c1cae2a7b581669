/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  CACHE_NAMES,
  CACHE_URLS,
  CATALOGUE_UPDATED,
  isProductImage,
  isPublicCatalogue,
  NOT_APP_PAGES,
  worthCaching,
} from './routes';

declare const self: ServiceWorkerGlobalScope;

// The app shell: index.html, scripts, styles and icons of this build (the list is put in by the build).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version waits until every tab of the old one is closed, or until the visitor presses Reload
// in the update prompt. The first version takes over the open page at once.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// Every page of the app is the same index.html: offline too.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_APP_PAGES }));

// Product pictures: from the cache when there, at most 200 of them for 30 days.
const pictures = new CacheFirst({
  cacheName: CACHE_NAMES.images,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url, sameOrigin }) => sameOrigin && isProductImage(url), pictures, 'GET');

const catalogueExpiry = () =>
  new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true });

/** Tells the open pages when a cached catalogue answer turned out stale, so they ask again. */
const announceChanges: WorkboxPlugin = {
  async cacheDidUpdate({ request, oldResponse, newResponse }) {
    if (!oldResponse) return;
    const [before, after] = await Promise.all([oldResponse.clone().text(), newResponse.clone().text()]);
    if (before === after) return;
    const clients = await self.clients.matchAll({ type: 'window' });
    for (const client of clients) client.postMessage({ type: CATALOGUE_UPDATED, url: request.url });
  },
};

// The app asks for a fresh answer (cache: 'no-cache') after a change of its own, such as a review:
// from the network, kept for offline use; from the cache only when offline.
const freshCatalogue = new NetworkFirst({
  cacheName: CACHE_NAMES.catalogue,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), catalogueExpiry()],
});
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && isPublicCatalogue(url) && request.cache === 'no-cache',
  freshCatalogue,
  'GET',
);

// Other public catalogue reads: at once from the cache, refreshed behind; a changed answer is announced.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isPublicCatalogue(url),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.catalogue,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), catalogueExpiry(), announceChanges],
  }),
  'GET',
);
// Everything else, and all of /api that is not above, goes to the network as if there were no worker.

// On the first visit the page fetched its products and pictures before this worker took over; the
// app then sends their addresses (features/pwa/cacheFirstVisit.ts) and they are kept as if fetched
// through the worker, so that page opens offline too.
self.addEventListener('message', (event) => {
  if (event.data?.type !== CACHE_URLS || !Array.isArray(event.data.urls)) return;
  const urls = worthCaching(event.data.urls as string[], self.location.origin);
  event.waitUntil(
    Promise.allSettled(
      urls.map((href) => {
        const request = new Request(href);
        const strategy = isProductImage(new URL(href)) ? pictures : freshCatalogue;
        return strategy.handle({ request, event });
      }),
    ),
  );
});
