import { describe, expect, it } from 'vitest';
import { makeProduct } from '../test/fixtures';
import { mockApi } from '../test/render';
import { prefetchFirstScreen } from './prefetch';
import { makeStore } from './store';

describe('prefetchFirstScreen', () => {
  it('asks for the latest and top products and the categories on the home page', async () => {
    const server = mockApi((url) => (url.pathname.startsWith('/api/products') ? { body: { products: [], pages: 1, page: 1 } } : undefined));
    const store = makeStore();
    prefetchFirstScreen(store, '/');
    await expect.poll(() => server.calls).toEqual(['/api/products', '/api/products/top', '/api/products/categories']);
    // Under the arguments the home screen asks with, so that it takes this answer, not a second read.
    await expect.poll(() => store.getState().api.queries['getProducts({"filter":{},"pageNumber":1})']?.status).toBe('fulfilled');
  });

  it("asks for a product page's product, under the id the screen uses", async () => {
    const server = mockApi((url) => (url.pathname === '/api/products/p%201' ? { body: makeProduct({ _id: 'p 1' }) } : undefined));
    const store = makeStore();
    prefetchFirstScreen(store, '/product/p%201');
    await expect.poll(() => server.calls).toEqual(['/api/products/p%201']);
    await expect.poll(() => store.getState().api.queries['getProductDetails("p 1")']?.status).toBe('fulfilled');
  });

  it('asks for nothing elsewhere', async () => {
    const server = mockApi();
    prefetchFirstScreen(makeStore(), '/cart');
    prefetchFirstScreen(makeStore(), '/product/%E0%A4');
    prefetchFirstScreen(makeStore(), '/search/polo');
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls).toEqual([]);
  });
});
