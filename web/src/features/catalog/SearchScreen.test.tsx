import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

describe('SearchScreen', () => {
  it('searches the keyword from the URL and pages within the search', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/products'
        ? { body: { products: [makeProduct({ name: 'Navy Polo' }), makeProduct({ name: 'White Polo' })], pages: 2, page: 1 } }
        : undefined,
    );
    renderApp('/search/polo');
    expect(await screen.findByRole('heading', { name: 'Results for "polo"' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();

    const grid = await screen.findByRole('list', { name: 'Products' });
    expect(within(grid).getAllByTestId('product-card')).toHaveLength(2);
    expect(server.calls).toContain('/api/products?keyword=polo');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: '2' })).toHaveAttribute('href', '/search/polo/page/2');
  });

  it('sends the page number of /search/{keyword}/page/{n}', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/products' ? { body: { products: [makeProduct()], pages: 3, page: 3 } } : undefined,
    );
    renderApp('/search/polo%20neck/page/3');
    expect(await screen.findByRole('heading', { name: 'Results for "polo neck"' })).toBeInTheDocument();
    await screen.findByTestId('product-card');
    expect(server.calls).toContain('/api/products?keyword=polo+neck&pageNumber=3');
  });

  it.each(['/search/%20', '/search/%20%20%09/page/2'])('sends a whitespace-only keyword (%s) home, as the search box does', async (path) => {
    const server = mockApi((url) =>
      url.pathname === '/api/products' ? { body: { products: [makeProduct()], pages: 1, page: 1 } } : undefined,
    );
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls.filter((c) => c.includes('keyword'))).toEqual([]);
  });

  it('counts the results and offers the exact words after a correction', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/products'
        ? url.searchParams.get('exact') === '1'
          ? { body: { products: [], pages: 0, page: 1, total: 0 } }
          : { body: { products: [makeProduct({ name: 'Waffle Henley' })], pages: 1, page: 1, total: 1, corrected: 'henley' } }
        : undefined,
    );
    const { user } = renderApp('/search/henly');
    expect(await screen.findByRole('heading', { name: '1 result for "henley"' })).toBeInTheDocument();
    expect(screen.getByText(/Showing results for/)).toHaveTextContent('Showing results for henley.');
    await user.click(screen.getByRole('link', { name: 'Search instead for "henly"' }));
    expect(await screen.findByRole('heading', { name: '0 results for "henly"' })).toBeInTheDocument();
    expect(server.calls).toContain('/api/products?keyword=henly&exact=1');
  });

  it('shows the count, the correction and the sort and filters together; newest is a chosen sort on a search', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/products'
        ? { body: { products: [makeProduct({ name: 'Waffle Henley' })], pages: 1, page: 1, total: 1, corrected: 'henley' } }
        : undefined,
    );
    const { router, user } = renderApp('/search/henly?size=M');
    expect(await screen.findByRole('heading', { name: '1 result for "henley"' })).toBeInTheDocument();
    expect(screen.getByText(/Showing results for/)).toHaveTextContent('Showing results for henley.');
    expect(screen.getByRole('link', { name: 'Search instead for "henly"' })).toHaveAttribute('href', '/search/henly?size=M&exact=1');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Filters, 1 in use' })).toBeInTheDocument();
    expect(server.calls).toContain('/api/products?keyword=henly&size=M');

    await user.selectOptions(sort, 'newest');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=newest&size=M'));
    await waitFor(() => expect(server.calls).toContain('/api/products?keyword=henly&sort=newest&size=M'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), '');
    await waitFor(() => expect(router.state.location.search).toBe('?size=M'));
  });

  it('says clearly when nothing matches', async () => {
    mockApi((url) => (url.pathname === '/api/products' ? { body: { products: [], pages: 0, page: 1 } } : undefined));
    renderApp('/search/xyz');
    const status = await screen.findByText('No products match "xyz".');
    expect(status.closest('.alert')).toHaveClass('alert-info');
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument();
  });

  it('goes home from Go Back when the visit started here', async () => {
    mockApi((url) => (url.pathname === '/api/products' ? { body: { products: [], pages: 0, page: 1 } } : undefined));
    const { router, user } = renderApp('/search/xyz');
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
