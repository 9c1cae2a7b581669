import { productsApi } from '../features/catalog/productsApi';
import type { AppStore } from './store';

/**
 * Starts the reads (and the screen's code) that the first screen needs before React renders, so that
 * on a slow phone its requests go out while the app is still starting rather than after its first
 * render. Only for the public pages whose largest picture comes from those reads: home and a product.
 * The screens ask for the very same queries, and get these answers (RTK Query shares them).
 */
export function prefetchFirstScreen(store: AppStore, path: string) {
  const once = { subscribe: false } as const;
  if (path === '/') {
    // The home screen's own query: page 1 with no filter (HomeScreen), so it finds this answer.
    void store.dispatch(productsApi.endpoints.getProducts.initiate({ pageNumber: 1, filter: {} }, once));
    void store.dispatch(productsApi.endpoints.getTopProducts.initiate(undefined, once));
    void store.dispatch(productsApi.endpoints.getCategories.initiate(undefined, once));
    return;
  }
  const product = /^\/product\/([^/]+)\/?$/.exec(path);
  if (product) {
    let id: string;
    try {
      id = decodeURIComponent(product[1]);
    } catch {
      return;
    }
    void store.dispatch(productsApi.endpoints.getProductDetails.initiate(id, once));
    void import('../features/catalog/ProductScreen');
  }
}
