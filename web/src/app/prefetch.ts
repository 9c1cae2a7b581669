import { productsApi } from '../features/catalog/productsApi';
import type { CardPage, Category, ProductSummary } from '../features/catalog/types';
import { configApi, type ShopConfig } from '../lib/config';
import { firstScreenData } from '../lib/firstScreen';
import { loadProductScreen, loadScreenRoutes } from './loadScreen';
import type { AppStore } from './store';

/** The home screen's own query: page 1 with no filter (HomeScreen), so that it finds this answer. */
const HOME_LIST = { pageNumber: 1, filter: {} };

/**
 * Gives the first screen the data it reads before React renders, so that it renders at once (home),
 * or so that on a slow phone its requests go out while the app is still starting rather than after
 * its first render (home when the page carries no data, a product). The screens ask for the very
 * same queries, and get these answers (RTK Query shares them). A first screen other than home starts
 * loading the screens' routes at once too, and the product page its chunk, beside them rather than
 * after them.
 */
export function prefetchFirstScreen(store: AppStore, path: string) {
  const once = { subscribe: false } as const;
  if (path === '/') {
    if (seedHomeScreen(store)) return;
    void store.dispatch(productsApi.endpoints.getProducts.initiate(HOME_LIST, once));
    void store.dispatch(productsApi.endpoints.getTopProducts.initiate(undefined, once));
    void store.dispatch(productsApi.endpoints.getCategories.initiate(undefined, once));
    return;
  }
  // Any other screen needs the routes of the screens (and its own chunk, which they name).
  void loadScreenRoutes();
  const product = /^\/product\/([^/]+)\/?$/.exec(path);
  if (product) {
    let id: string;
    try {
      id = decodeURIComponent(product[1]);
    } catch {
      return;
    }
    void store.dispatch(productsApi.endpoints.getProductDetails.initiate(id, once));
    void loadProductScreen();
  }
}

/**
 * Puts the answers the home page carries (lib/firstScreen.ts) in the cache, as those of the reads
 * they stand for: the same answers those reads give, products as cards (ProductSummary).
 */
function seedHomeScreen(store: AppStore): boolean {
  const data = firstScreenData();
  const list = data?.['/api/products'] as CardPage | undefined;
  const top = data?.['/api/products/top'] as ProductSummary[] | undefined;
  const categories = data?.['/api/products/categories'] as Category[] | undefined;
  const config = data?.['/api/config'] as ShopConfig | undefined;
  if (!list?.products || !Array.isArray(top) || !Array.isArray(categories) || !config) return false;
  store.dispatch(
    productsApi.util.upsertQueryEntries([
      { endpointName: 'getProducts', arg: HOME_LIST, value: list },
      { endpointName: 'getTopProducts', arg: undefined, value: top },
      { endpointName: 'getCategories', arg: undefined, value: categories },
    ]),
  );
  store.dispatch(configApi.util.upsertQueryEntries([{ endpointName: 'getConfig', arg: undefined, value: config }]));
  return true;
}
