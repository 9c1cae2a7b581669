/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config.ts';
import { brotliForms } from './scripts/brotliForms.ts';
import { compileHints } from './scripts/compileHints.ts';
import { firstLoadChunk, screenChunk } from './scripts/firstLoadChunk.ts';
import { pagePreloads } from './scripts/pagePreloads.ts';
import { purgeBootstrap } from './scripts/purgeBootstrap.ts';
import { shakeReactRouter } from './scripts/shakeReactRouter.ts';
import { splitReactIcons } from './scripts/splitReactIcons.ts';

const firstLoad = firstLoadChunk();
const accountMenusModule = /src[\\/]app[\\/]layout[\\/]AccountMenus\.tsx$/;
const productScreenModule = /src[\\/]features[\\/]catalog[\\/]ProductScreen\.tsx$/;
// A signed-in user's header menus load beside the first screen: in one request too.
const accountMenus = screenChunk(accountMenusModule);
// The product page is where shared links land: its code comes in one request, not fifteen. What the
// code the home page loads lazily needs of it goes apart, so the home page does not fetch the product
// page: what the carousel and the toasts (loaded on every visit) need, what the filter panel needs,
// and what a signed-in user's menus need, each in a chunk of its own. A chunk holds only what its
// screen uses of a feature's index.ts (screenChunk), and a module no screen uses is left out: web/
// package.json's sideEffects names the only modules that run for their effects alone (the styles,
// main.tsx and installPrompt.ts); a module imported only for its effects must be added there.
const productPage = screenChunk(productScreenModule, {
  shared: /src[\\/](features[\\/]catalog[\\/]TopProductsCarousel|app[\\/]layout[\\/]Toasts)\.tsx$/,
  filters: /src[\\/]features[\\/]catalog[\\/]FilterPanel\.tsx$/,
  account: accountMenusModule,
});

// A product page starts loading the screens' routes and its own screen at once (src/app/prefetch.ts);
// the server names them in its head (internal/api/preview.go reads this file).
const productPagePreloads = pagePreloads('product-page.json', [/src[\\/]app[\\/]screenRoutes\.tsx$/, productScreenModule]);

// The Go server (haat serve) listens on 127.0.0.1:8080 by default during development.
const backend = 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  plugins: [splitReactIcons(), shakeReactRouter(), firstLoad.plugin, productPage.plugin, accountMenus.plugin, compileHints(), productPagePreloads, brotliForms(), VitePWA(pwaOptions)],
  // JSX compiles to calls of react/jsx-runtime, which web/package.json maps to Preact's. No
  // fast refresh: React's does not reach Preact's components, so an edit would update nothing on screen;
  // without it the dev server reloads the page.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    // The styles of react-toastify come from its CSS file (bundled, hashed) rather than a
    // <style> element injected at run time, which a strict Content-Security-Policy forbids.
    alias: [
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
      // react-router's package exports name only its development build, which runs extra checks
      // and warnings on every render; its production build is the same code without them. The dev
      // server and the unit tests keep the checks.
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) }]
        : []),
    ],
  },
  // Unused Bootstrap rules are dropped from a build; the dev server and the unit tests keep them all.
  css: { postcss: { plugins: command === 'build' ? [purgeBootstrap({ root: import.meta.dirname })] : [] } },
  server: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No modulepreload polyfill (0.5 KB of the entry chunk): every browser of the build's target that
    // lacks <link rel="modulepreload"> (Firefox before 115, Safari before 17) still loads the scripts,
    // as the entry's imports, only without the head start the hint gives; Chrome, Edge and Samsung
    // Internet, most of India's phones, have had it since 2018-2020.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change less often than the shop's own code: separate files cache better.
        codeSplitting: {
          groups: [
            // The UI library: Preact, under React's names too (web/package.json).
            { name: 'react', test: /node_modules[\\/](preact|react|react-dom)[\\/]/, priority: 3 },
            // Everything else the first page needs, in one file; other screens load their own chunks.
            { name: 'app', test: firstLoad.test, priority: 2 },
            // What the product page shares with code the home page loads lazily.
            { name: 'shared', test: productPage.sharedBy('shared'), priority: 1 },
            { name: 'filters', test: productPage.sharedBy('filters'), priority: 1 },
            { name: 'account', test: productPage.sharedBy('account'), priority: 1 },
            { name: 'ProductScreen', test: productPage.test, priority: 0 },
            { name: 'AccountMenus', test: accountMenus.test, priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    css: false,
    // Testing Library's CommonJS build asks react-dom/test-utils for act(), which Preact keeps in
    // preact/test-utils: its ES module build, run through Vite (inline), takes the alias.
    server: { deps: { inline: ['@testing-library/react'] } },
    alias: [
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
    ],
    // A test must outlast its own waits: Testing Library's findBy waits up to 5 s (src/test/setup.ts),
    // and a file's first test also pays for loading its screens lazily, which on a loaded 2-core
    // machine took past 5 s. With the test's limit above the waits, a slow test still passes and a
    // broken one fails on the wait, with the wait's own message.
    testTimeout: 20_000,
  },
}));
