import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product, ProductSummary } from '../features/catalog/types';
import type { ShopConfig } from '../lib/config';
import { FIRST_SCREEN_ID } from '../lib/firstScreen';
import { carry, carryText } from '../test/firstScreen';
import { makeProduct, testConfig } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render';
import { prefetchFirstScreen } from './prefetch';
import { loadProductScreen, loadScreenRoutes } from './loadScreen';
import { makeStore } from './store';

const HOME_READS = ['/api/products', '/api/products/top', '/api/products/categories', '/api/config'];
const HOSTILE = '</script><script>alert(1)</script>';

/** What a card shows of a product: all the page carries of one. */
function card(overrides: Partial<Product> = {}): ProductSummary {
  const { _id, name, price, mrp, rating, numReviews, totalInStock, variants } = makeProduct(overrides);
  return { _id, name, price, mrp, rating, numReviews, totalInStock, variants: [{ images: variants[0].images.slice(0, 1) }] };
}

const config: ShopConfig = { ...testConfig, brand: { ...testConfig.brand, tagline: 'Carried in the page' } };
const carried = {
  '/api/products': { products: [card({ name: HOSTILE }), card({ name: 'Sold Out Tee', totalInStock: 0 })], pages: 2, page: 1, total: 14 },
  '/api/products/top': [card({ name: 'Top Tee', rating: 5 })],
  '/api/products/categories': [{ name: 'polo', count: 7 }],
  '/api/config': config,
};


describe('prefetchFirstScreen', () => {
  it("puts the home page's carried answers in the cache under the screens' own arguments, asking for nothing", async () => {
    const server = mockApi();
    carry(carried);
    const store = makeStore();
    prefetchFirstScreen(store, '/');
    const { queries } = store.getState().api;
    expect(queries['getProducts({"filter":{},"pageNumber":1})']).toMatchObject({ status: 'fulfilled', data: carried['/api/products'] });
    expect(queries['getTopProducts(undefined)']).toMatchObject({ status: 'fulfilled', data: carried['/api/products/top'] });
    expect(queries['getCategories(undefined)']).toMatchObject({ status: 'fulfilled', data: carried['/api/products/categories'] });
    expect(queries['getConfig(undefined)']).toMatchObject({ status: 'fulfilled', data: config });
    // As the server wrote it: escaped in the page, the name itself in the cache.
    expect(document.getElementById(FIRST_SCREEN_ID)?.textContent).not.toContain('</script>');
    expect((queries['getProducts({"filter":{},"pageNumber":1})']?.data as typeof carried['/api/products']).products[0].name).toBe(HOSTILE);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls).toEqual([]);
    // Only the screens' routes were asked for (and have come before the test ends).
    await loadScreenRoutes();
  });

  it('renders the home page from what the page carries, without a request', async () => {
    const server = mockApi();
    carry(carried);
    const store = makeStore();
    prefetchFirstScreen(store, '/');
    renderApp('/', store);

    const cards = await screen.findAllByTestId('product-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([HOSTILE, 'Sold Out Tee']);
    expect(within(cards[1]).getByText('Sold Out')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('img', { name: HOSTILE })).toHaveAttribute('src', carried['/api/products'].products[0].variants[0].images[0]);
    expect(screen.getByRole('link', { name: /polo/i })).toHaveAttribute('href', '/category/polo');
    expect(await screen.findByText('Carried in the page')).toBeInTheDocument();
    expect(await screen.findByText('Top Tee')).toBeInTheDocument();
    expect(server.calls.filter((c) => HOME_READS.includes(c.split('?')[0]))).toEqual([]);
  });

  it("without data (the service worker's copy of the page) asks for the latest and top products and the categories", async () => {
    const server = mockApi((url) => (url.pathname.startsWith('/api/products') ? { body: { products: [], pages: 1, page: 1 } } : undefined));
    const store = makeStore();
    prefetchFirstScreen(store, '/');
    await expect.poll(() => server.calls).toEqual(['/api/products', '/api/products/top', '/api/products/categories']);
    // Under the arguments the home screen asks with, so that it takes this answer, not a second read.
    await expect.poll(() => store.getState().api.queries['getProducts({"filter":{},"pageNumber":1})']?.status).toBe('fulfilled');
  });

  it('asks as without data when the data block is broken or partial', async () => {
    for (const block of ['{"/api/products": ', JSON.stringify({ ...carried, '/api/products/top': undefined })]) {
      const server = mockApi();
      carryText(block);
      prefetchFirstScreen(makeStore(), '/');
      await expect.poll(() => server.calls).toEqual(['/api/products', '/api/products/top', '/api/products/categories']);
      document.getElementById(FIRST_SCREEN_ID)?.remove();
    }
  });

  it("asks for a product page's product, under the id the screen uses", async () => {
    const server = mockApi((url) => (url.pathname === '/api/products/p%201' ? { body: makeProduct({ _id: 'p 1' }) } : undefined));
    const store = makeStore();
    prefetchFirstScreen(store, '/product/p%201');
    await expect.poll(() => server.calls).toEqual(['/api/products/p%201']);
    await expect.poll(() => store.getState().api.queries['getProductDetails("p 1")']?.status).toBe('fulfilled');
    // The screen's code and the screens' routes were asked for too: the test ends once they have
    // come, not while they are still loading (on a busy machine they would arrive after the test's
    // environment is gone).
    await loadProductScreen();
    await loadScreenRoutes();
  });

  it('asks for nothing elsewhere', async () => {
    const server = mockApi();
    prefetchFirstScreen(makeStore(), '/cart');
    prefetchFirstScreen(makeStore(), '/product/%E0%A4');
    prefetchFirstScreen(makeStore(), '/search/polo');
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls).toEqual([]);
    // Only the screens' routes were asked for (and have come before the test ends).
    await loadScreenRoutes();
  });
});
