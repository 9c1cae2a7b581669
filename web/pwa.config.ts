import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The installable, offline-capable app (SPEC.md §1). The service worker precaches the app shell
 * only (index.html, scripts, styles, icons); product pictures and public catalogue reads are cached
 * at run time; nothing signed-in (orders, users, payments, uploads) is ever cached.
 *
 * Workbox writes the functions below into sw.js as source text, so they must not use anything
 * from this file's scope.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  // The app registers the worker itself (features/pwa/useServiceWorker.ts).
  injectRegister: false,
  // The glob below already takes the icons; the plugin adds manifest.webmanifest itself.
  includeManifestIcons: false,
  manifest: {
    name: 'Haat',
    short_name: 'Haat',
    description: 'Fashion t-shirts from Indian brands, delivered across India.',
    lang: 'en-IN',
    start_url: '/',
    scope: '/',
    id: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#1f2233',
    background_color: '#faf8f5',
    categories: ['shopping'],
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell: everything the build writes except pictures of products (there are none in dist).
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    navigateFallback: '/index.html',
    // The API, pictures and the server's own endpoints are never answered with the app page.
    navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/healthz$/, /^\/metrics$/],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Product pictures (and their ?w= copies): their names are never reused.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'haat-images',
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Public catalogue reads: shown at once from the cache, refreshed behind. Only these GETs:
        // /api/products/admin and everything else under /api are per-user and never cached.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          (url.pathname === '/api/config' ||
            url.pathname === '/api/products' ||
            /^\/api\/products\/(top|all|categories|category\/[^/]+)$/.test(url.pathname) ||
            (/^\/api\/products\/[^/]+$/.test(url.pathname) && url.pathname !== '/api/products/admin')),
        handler: 'StaleWhileRevalidate',
        method: 'GET',
        options: {
          cacheName: 'haat-catalogue',
          expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
