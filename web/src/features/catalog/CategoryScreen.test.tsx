import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
