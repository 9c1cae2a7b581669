import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

describe('CategoryScreen', () => {
  it('shows the category name and its products in the grid', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/products/category/graphic%20tee'
        ? { body: { products: [makeProduct({ _id: 'p1', name: 'Rangoli Tee' }), makeProduct({ _id: 'p2', name: 'Tiger Tee' })], pages: 1, page: 1 } }
        : url.pathname === '/api/products/categories'
          ? { body: [{ name: 'graphic tee', count: 2 }, { name: 'polo', count: 1 }] }
          : undefined,
    );
    renderApp('/category/graphic%20tee');
    expect(await screen.findByRole('heading', { level: 1, name: 'graphic tee' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const grid = await screen.findByRole('list', { name: 'Products' });
    expect(within(grid).getAllByTestId('product-card').map((c) => c.querySelector('h2')?.textContent)).toEqual([
      'Rangoli Tee',
      'Tiger Tee',
    ]);
    expect(server.calls).toContain('/api/products/category/graphic%20tee');
    // The current category is marked among the chips
    const chips = await screen.findByRole('navigation', { name: 'Categories' });
    expect(within(chips).getByRole('link', { current: 'page' })).toHaveAttribute('href', '/category/graphic%20tee');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('says when a category has no products', async () => {
    mockApi((url) => (url.pathname === '/api/products/category/kids' ? { body: { products: [], pages: 1, page: 1 } } : undefined));
    renderApp('/category/kids');
    const note = await screen.findByText('There are no products in "kids" yet.');
    expect(note.closest('.alert')).toHaveClass('alert-info');
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument();
  });

  it("shows the server's error in a red alert", async () => {
    mockApi((url) =>
      url.pathname === '/api/products/category/kids' ? { status: 500, body: { message: 'Database unavailable' } } : undefined,
    );
    renderApp('/category/kids');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(alert).toHaveClass('alert-danger');
  });

  it('asks for the page in the URL and links the pages of the category', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/products/category/polo'
        ? { body: { products: [makeProduct({ name: 'Page Two Polo' })], pages: 3, page: Number(url.searchParams.get('pageNumber')) } }
        : undefined,
    );
    renderApp('/category/polo/page/2');
    expect(await screen.findByText('Page Two Polo')).toBeInTheDocument();
    expect(server.calls).toContain('/api/products/category/polo?pageNumber=2');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: '1' })).toHaveAttribute('href', '/category/polo/page/1');
    expect(within(pager).getByRole('link', { name: '3' })).toHaveAttribute('href', '/category/polo/page/3');
  });

  describe('sort and filters', () => {
    // A wide screen: the filter panel (react-bootstrap's Offcanvas) asks matchMedia, which jsdom lacks.
    beforeEach(() => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query.includes('min-width'),
        media: query,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
      return () => vi.unstubAllGlobals();
    });

    /** The category polo: each page answers one product named for the query it was asked. */
    const serve = () =>
      mockApi((url) => {
        if (url.pathname === '/api/products/filters') return { body: { sizes: ['S', 'M', 'L'], colors: ['navy', 'white'] } };
        if (url.pathname === '/api/products/category/polo') {
          const page = Number(url.searchParams.get('pageNumber') ?? 1);
          return { body: { products: [makeProduct({ name: `Polo for ${url.search || 'all'}` })], pages: 2, page } };
        }
        return undefined;
      });
    const where = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname + router.state.location.search;

    it("puts a sort and a filter in the URL and the request, from the category's first page", async () => {
      const server = serve();
      const { user, router } = renderApp('/category/polo/page/2');
      await screen.findByText('Polo for ?pageNumber=2');

      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');
      await waitFor(() => expect(where(router)).toBe('/category/polo?sort=price_desc'));
      expect(await screen.findByText('Polo for ?sort=price_desc')).toBeInTheDocument();
      expect(server.calls).toContain('/api/products/category/polo?sort=price_desc');

      await user.click(screen.getByRole('button', { name: 'Filters' }));
      const panel = await screen.findByRole('dialog', { name: 'Filters' });
      await waitFor(() => expect(within(panel).getAllByRole('option', { name: 'navy' })).toHaveLength(1));
      await user.selectOptions(within(panel).getByRole('combobox', { name: 'Colour' }), 'navy');
      await user.type(within(panel).getByRole('textbox', { name: 'Highest price' }), '799');
      await user.click(within(panel).getByRole('button', { name: 'Show products' }));

      const query = '?sort=price_desc&color=navy&maxPrice=799';
      await waitFor(() => expect(where(router)).toBe(`/category/polo${query}`));
      expect(await screen.findByText(`Polo for ${query}`)).toBeInTheDocument();
      expect(server.calls).toContain(`/api/products/category/polo${query}`);
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
      // The category's pages keep them.
      const pager = screen.getByRole('navigation', { name: 'Pages' });
      expect(within(pager).getByRole('link', { name: '2' })).toHaveAttribute('href', `/category/polo/page/2${query}`);
    });

    it('sets the controls and asks for the page from a URL that has them', async () => {
      const server = serve();
      const { user } = renderApp('/category/polo/page/2?sort=rating&size=L&color=white&minPrice=500&maxPrice=900');
      expect(await screen.findByText('Polo for ?sort=rating&size=L&color=white&minPrice=500&maxPrice=900&pageNumber=2')).toBeInTheDocument();
      expect(server.calls).toContain('/api/products/category/polo?sort=rating&size=L&color=white&minPrice=500&maxPrice=900&pageNumber=2');
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
      const inUse = screen.getByRole('list', { name: 'Filters in use' });
      expect(within(inUse).getAllByRole('button').map((b) => b.textContent)).toEqual(['Size L', 'Colour white', '₹500.00 – ₹900.00']);

      await user.click(screen.getByRole('button', { name: 'Filters, 3 in use' }));
      const panel = await screen.findByRole('dialog', { name: 'Filters' });
      expect(within(panel).getByRole('combobox', { name: 'Size in stock' })).toHaveValue('L');
      expect(within(panel).getByRole('combobox', { name: 'Colour' })).toHaveValue('white');
      expect(within(panel).getByRole('textbox', { name: 'Lowest price' })).toHaveValue('500');
      expect(within(panel).getByRole('textbox', { name: 'Highest price' })).toHaveValue('900');
    });

    it('says when no product of the category matches the filters', async () => {
      mockApi((url) => (url.pathname === '/api/products/category/polo' ? { body: { products: [], pages: 1, page: 1 } } : undefined));
      renderApp('/category/polo?size=XXL');
      expect(await screen.findByText('No products in "polo" match these filters.')).toBeInTheDocument();
    });
  });
});
