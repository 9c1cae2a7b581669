/**
 * Loads a screen other than home: its chunk, and with the first such screen the part of Bootstrap's
 * styles that only those screens use (screens.scss). Those styles are asked for first, so that they
 * come before the screen's own styles, which may build on them.
 */
export function screen<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([import('./screenStyles'), load()]).then(([, module]) => module);
}

/**
 * The product page, which the app also starts loading with its first render (prefetch.ts). It shows
 * none of screens.scss's components (its reviews' list has rules of its own, ProductScreen.css): the
 * 46 KB sheet, inserted while the page was on screen, restyled the whole page (Bootstrap's rules such
 * as `.table > :not(caption) > * > *`), the product page's longest task after its first paint.
 */
export const loadProductScreen = () => import('../features/catalog/ProductScreen');

/**
 * The routes of every screen but home (screenRoutes.tsx): the first screen does not need them. A
 * visit that starts on another screen asks for them at once (prefetch.ts), and the home page once it
 * is idle (Layout.tsx), so that a click on a link does not wait for them.
 */
export const loadScreenRoutes = () => import('./screenRoutes');
