import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

const page = (n: number, count: number, pages: number) => ({
  products: Array.from({ length: count }, (_, i) => makeProduct({ _id: `p${n}-${i}`, name: `Tee ${n}-${i}` })),
  pages,
  page: n,
});

describe('HomeScreen', () => {
  it('shows a loader, then the Latest Products grid and pagination', async () => {
    const server = mockApi((url) => (url.pathname === '/api/products' ? { body: page(1, 12, 3) } : undefined));
    renderApp('/');
    expect(screen.getByRole('heading', { name: 'Latest Products' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    const grid = await screen.findByRole('list', { name: 'Products' });
    // The page's first grid comes in steps (ProductGrid.test.tsx).
    await waitFor(() => expect(within(grid).getAllByTestId('product-card')).toHaveLength(12));
    expect(within(grid).getAllByText('₹1,299.00')).toHaveLength(12);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: '2' })).toHaveAttribute('href', '/page/2');
    expect(server.calls).toContain('/api/products');
  });

  it('asks the server for the page in the URL', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/products' ? { body: page(Number(url.searchParams.get('pageNumber') ?? 1), 3, 3) } : undefined,
    );
    renderApp('/page/2');
    expect(await screen.findByText('Tee 2-0')).toBeInTheDocument();
    expect(server.calls).toContain('/api/products?pageNumber=2');
  });

  it('treats a bad page number as page 1', async () => {
    const server = mockApi((url) => (url.pathname === '/api/products' ? { body: page(1, 2, 1) } : undefined));
    renderApp('/page/abc');
    expect(await screen.findByText('Tee 1-0')).toBeInTheDocument();
    expect(server.calls).toContain('/api/products');
    expect(server.calls.some((c) => c.includes('pageNumber'))).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it("shows the server's error message in a red alert", async () => {
    mockApi((url) =>
      url.pathname === '/api/products' ? { status: 500, body: { message: 'Database unavailable' } } : undefined,
    );
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(alert).toHaveClass('alert-danger');
  });

  it('explains a network failure', async () => {
    mockApi((url) => (url.pathname === '/api/products' ? 'network-error' : undefined));
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline. Check your connection and try again.');
  });
});
