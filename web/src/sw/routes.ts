/**
 * Which requests the service worker caches, and how (kept apart from sw.ts so unit tests can read it).
 * Nothing signed-in is ever cached: orders, users, cart verification, payments, uploads.
 */

/** Product pictures and their ?w= copies: their names are never reused. */
export function isProductImage(url: URL): boolean {
  return url.pathname.startsWith('/uploads/');
}

/** Paths under /api/products/ that are the admin's, not a product's. */
const ADMIN_PRODUCT_PATHS = new Set(['/api/products/admin', '/api/products/export.csv', '/api/products/import']);

/**
 * The public catalogue reads: the same for every visitor. (The admin's product list, editor, export
 * and import are not.)
 */
export function isPublicCatalogue(url: URL): boolean {
  const p = url.pathname;
  if (p === '/api/config' || p === '/api/products') return true;
  if (/^\/api\/products\/(top|all|categories|filters|category\/[^/]+)$/.test(p)) return true;
  return /^\/api\/products\/[^/]+$/.test(p) && !ADMIN_PRODUCT_PATHS.has(p);
}

/** Paths a navigation must never be answered with the app's page for. */
export const NOT_APP_PAGES = [/^\/api\//, /^\/uploads\//, /^\/healthz$/, /^\/metrics$/];

/** The message the worker sends the app when a catalogue read it answered from the cache has changed. */
export const CATALOGUE_UPDATED = 'haat:catalogue-updated';

export const CACHE_NAMES = { images: 'haat-images', catalogue: 'haat-catalogue' } as const;

/** The message the app sends the new worker with what it fetched before the worker took over. */
export const CACHE_URLS = 'haat:cache-urls';

/** Of the addresses a page loaded, those the worker keeps (pictures and catalogue reads of this origin). */
export function worthCaching(urls: string[], origin: string): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    let url: URL;
    try {
      url = new URL(u, origin);
    } catch {
      continue;
    }
    if (url.origin === origin && (isProductImage(url) || isPublicCatalogue(url))) out.add(url.href);
  }
  return [...out];
}
