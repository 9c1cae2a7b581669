import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { PRICE_FORMAT, PRICE_ORDER } from './FilterPanel';
import { filterFromSearch, filterParams } from './listFilter';

/** A catalogue server: each list answers one product named for the query it was asked. */
function serve(pages = 2) {
  return mockApi((url) => {
    if (url.pathname === '/api/products/filters') return { body: { sizes: ['S', 'M', 'L'], colors: ['navy', 'white'] } };
    if (url.pathname === '/api/products' || url.pathname.startsWith('/api/products/category/')) {
      const page = Number(url.searchParams.get('pageNumber') ?? 1);
      return { body: { products: [makeProduct({ name: `Tee for ${url.search || 'all'}` })], pages, page } };
    }
    return undefined;
  });
}

/** The screen is a phone (narrower than Bootstrap's md) or not; jsdom has no media queries. */
function screenIsPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: !phone && query.includes('min-width'),
    media: query,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => screenIsPhone(false));

const where = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname + router.state.location.search;

describe('the sort and filters of a product list', () => {
  it('sorts from the first page, in the URL and the request', async () => {
    const server = serve();
    const { user, router } = renderApp('/page/2');
    await screen.findByText('Tee for ?pageNumber=2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await waitFor(() => expect(where(router)).toBe('/?sort=price_asc'));
    expect(await screen.findByText('Tee for ?sort=price_asc')).toBeInTheDocument();
    expect(server.calls).toContain('/api/products?sort=price_asc');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
    // Paging keeps the sort.
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: '2' })).toHaveAttribute('href', '/page/2?sort=price_asc');
  });

  it('applies the filter panel, shows the filters in use and removes one', async () => {
    const server = serve();
    const { user, router } = renderApp('/category/polo?sort=rating');
    await screen.findByText('Tee for ?sort=rating');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    expect(panel).toHaveClass('offcanvas-end');
    await waitFor(() => expect(within(panel).getAllByRole('option', { name: 'M' })).toHaveLength(1));
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Size in stock' }), 'M');
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Colour' }), 'navy');
    await user.type(within(panel).getByRole('textbox', { name: 'Lowest price' }), '500');
    await user.type(within(panel).getByRole('textbox', { name: 'Highest price' }), '1000.50');
    await user.click(within(panel).getByRole('button', { name: 'Show products' }));

    const query = '?sort=rating&size=M&color=navy&minPrice=500&maxPrice=1000.50';
    await waitFor(() => expect(where(router)).toBe(`/category/polo${query}`));
    expect(await screen.findByText(`Tee for ${query}`)).toBeInTheDocument();
    expect(server.calls).toContain(`/api/products/category/polo${query}`);
    expect(screen.getByRole('button', { name: 'Filters, 3 in use' })).toBeInTheDocument();
    const inUse = screen.getByRole('list', { name: 'Filters in use' });
    expect(within(inUse).getAllByRole('button').map((b) => b.textContent)).toEqual(['Size M', 'Colour navy', '₹500.00 – ₹1,000.50']);

    await user.click(within(inUse).getByRole('button', { name: 'Remove Colour navy' }));
    await waitFor(() => expect(where(router)).toBe('/category/polo?sort=rating&size=M&minPrice=500&maxPrice=1000.50'));
  });

  it('refuses prices that are not rupees or are crossed, and changes nothing', async () => {
    screenIsPhone(true);
    const server = serve();
    const { user, router } = renderApp('/search/polo');
    await screen.findByText('Tee for ?keyword=polo');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    expect(panel).toHaveClass('offcanvas-bottom'); // a sheet on phones
    const low = within(panel).getByRole('textbox', { name: 'Lowest price' });
    const high = within(panel).getByRole('textbox', { name: 'Highest price' });

    await user.type(low, '4.999');
    await user.click(within(panel).getByRole('button', { name: 'Show products' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(PRICE_FORMAT);
    expect(low).toHaveAttribute('aria-invalid', 'true');

    await user.clear(low);
    await user.type(low, '900');
    await user.type(high, '100');
    await user.click(within(panel).getByRole('button', { name: 'Show products' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(PRICE_ORDER);
    expect(where(router)).toBe('/search/polo');
    expect(server.calls.filter((c) => c.includes('minPrice'))).toEqual([]);

    await user.clear(high);
    await user.type(high, '1200');
    await user.click(within(panel).getByRole('button', { name: 'Show products' }));
    await waitFor(() => expect(where(router)).toBe('/search/polo?minPrice=900&maxPrice=1200'));
  });

  it('clears the filters but keeps the sort', async () => {
    serve();
    const { user, router } = renderApp('/?sort=price_desc&size=L&color=white');
    await screen.findByText('Tee for ?sort=price_desc&size=L&color=white');
    await user.click(screen.getByRole('button', { name: 'Filters, 2 in use' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(panel).getByRole('combobox', { name: 'Size in stock' })).toHaveValue('L');
    await user.click(within(panel).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where(router)).toBe('/?sort=price_desc'));
    expect(screen.queryByRole('list', { name: 'Filters in use' })).not.toBeInTheDocument();
  });

  it('says when no product matches the filters', async () => {
    mockApi((url) => (url.pathname === '/api/products' ? { body: { products: [], pages: 1, page: 1 } } : undefined));
    renderApp('/?color=purple');
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
  });
});

describe('filterFromSearch', () => {
  it('keeps the known, non-empty values and drops the default and unknown sorts', () => {
    expect(filterFromSearch('?sort=newest&size=+M+&color=&minPrice=10&page=3')).toEqual({ size: 'M', minPrice: '10' });
    expect(filterFromSearch('?sort=cheap')).toEqual({});
    expect(filterParams({ sort: 'rating', maxPrice: '99' })).toEqual({ sort: 'rating', maxPrice: '99' });
    expect(filterParams({ sort: 'newest' })).toEqual({});
  });
});
