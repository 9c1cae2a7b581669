import { describe, expect, it, vi } from 'vitest';
import { productsApi } from '../features/catalog/productsApi';
import { makeProduct } from '../test/fixtures';
import { mockApi } from '../test/render';
import { makeStore } from './store';

/** The cache mode of each request fetch was given. */
function cacheModes() {
  const fetchMock = vi.mocked(fetch);
  return fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.cache : 'default'));
}

describe('api base query', () => {
  it("asks a forced read fresh (past the service worker's cache), an ordinary read as usual", async () => {
    const product = makeProduct({ _id: 'p1' });
    mockApi((url) => (url.pathname === '/api/products/p1' ? { body: product } : undefined));
    const store = makeStore();

    await store.dispatch(productsApi.endpoints.getProductDetails.initiate('p1'));
    await store.dispatch(productsApi.endpoints.getProductDetails.initiate('p1', { forceRefetch: true }));
    expect(cacheModes()).toEqual(['default', 'no-cache']);
  });
});
