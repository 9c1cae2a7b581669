import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The installable, offline-capable app (SPEC.md §1). The service worker (src/sw/sw.ts) precaches the
 * app shell only: index.html, scripts, styles, icons. Product pictures and public catalogue reads are
 * cached at run time; nothing signed-in is ever cached.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  registerType: 'prompt',
  // The app registers the worker itself (features/pwa/useServiceWorker.ts).
  injectRegister: false,
  // The glob below takes the icons already; the plugin adds manifest.webmanifest itself.
  includeManifestIcons: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // The admin dashboard's chunk carries the chart library: only an admin opening it downloads it,
    // never a shopper's service worker on install.
    globIgnores: ['**/DashboardScreen-*'],
  },
  manifest: {
    name: 'Haat',
    short_name: 'Haat',
    description: 'Fashion t-shirts from Indian brands, delivered across India.',
    lang: 'en-IN',
    id: '/',
    start_url: '/',
    scope: '/',
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
};
