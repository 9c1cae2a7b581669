import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { signInAs } from '../../test/session';

const published = makeProduct({ _id: 'p1', name: 'Cricket Club Polo', price: 1299, tags: ['men', 'polo'], totalInStock: 42, published: true });
const draft = makeProduct({ _id: 'd1', name: '', price: 0, tags: [], totalInStock: 0, variants: [], published: false });

function serve(pages = 1) {
  return mockApi((url, req) => {
    if (url.pathname === '/api/products/admin') {
      const page = Number(url.searchParams.get('pageNumber') ?? 1);
      if (url.searchParams.get('keyword') === 'nothing') return { body: { products: [], pages: 1, page } };
      return { body: { products: url.searchParams.has('keyword') ? [published] : [draft, published], pages, page } };
    }
    if (url.pathname === '/api/products' && req.method === 'POST') return { status: 201, body: { ...draft, _id: 'new1' } };
    if (url.pathname === '/api/products/new1') return { body: { ...draft, _id: 'new1' } };
    if (url.pathname === '/api/products/p1' && req.method === 'DELETE') {
      return { body: { message: 'Successfully deleted the product from your database.' } };
    }
    return undefined;
  });
}

describe('ProductListScreen', () => {
  it('lists every product with image, name, price, tags, stock, status and actions', async () => {
    signInAs('admin');
    const server = serve();
    renderApp('/admin/productlist');
    const rows = await screen.findAllByTestId('admin-product-row');
    expect(rows).toHaveLength(2);
    expect(server.calls).toContain('/api/products/admin');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(rows[1]).slice(1, 6)).toEqual(['Cricket Club Polo', '₹1,299.00', 'men, polo', '42', 'Published']);
    expect(rows[1].querySelector('img')).toHaveAttribute('src', '/uploads/demo/p1-black-front.png?w=320');
    expect(cells(rows[0]).slice(1, 6)).toEqual(['Untitled draft', '₹0.00', '', '0', 'Draft']);
    expect(within(rows[1]).getByRole('link', { name: 'Edit Cricket Club Polo' })).toHaveAttribute('href', '/admin/products/p1/edit');
    expect(within(rows[0]).getByRole('link', { name: 'Edit Untitled draft' })).toHaveAttribute('href', '/admin/products/d1/edit');
  });

  it('pages through /admin/productlist/{n}', async () => {
    signInAs('admin');
    const server = serve(3);
    renderApp('/admin/productlist/2');
    await screen.findAllByTestId('admin-product-row');
    expect(server.calls).toContain('/api/products/admin?pageNumber=2');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: '3' })).toHaveAttribute('href', '/admin/productlist/3');
    expect(within(pager).getByRole('link', { name: '1' })).toHaveAttribute('href', '/admin/productlist');
  });

  it('creates a product after confirming and opens its edit page', async () => {
    signInAs('admin');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = serve();
    const { user, router } = renderApp('/admin/productlist');
    await user.click(await screen.findByRole('button', { name: 'Create Product' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure to create a new product?');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/new1/edit'));
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/products']);
    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
  });

  it('creates nothing when the admin cancels', async () => {
    signInAs('admin');
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const server = serve();
    const { user } = renderApp('/admin/productlist');
    await user.click(await screen.findByRole('button', { name: 'Create Product' }));
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('deletes a product after confirming, with the toast', async () => {
    signInAs('admin');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = serve();
    const { user } = renderApp('/admin/productlist');
    await user.click(await screen.findByRole('button', { name: 'Delete Cricket Club Polo' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure to delete "Cricket Club Polo"?');
    expect(await screen.findByText('Successfully deleted the product from your database.')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/products/p1']);
    // The list is asked again
    await waitFor(() => expect(server.calls.filter((c) => c === '/api/products/admin')).toHaveLength(2));
  });

  it.each(['customer', 'manufacturer'] as const)('sends a %s to /login', async (role) => {
    signInAs(role);
    const server = serve();
    const { router } = renderApp('/admin/productlist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls).not.toContain('/api/products/admin');
  });

  it('sends a guest to /login, coming back after signing in', async () => {
    serve();
    const { router } = renderApp('/admin/products/p1/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/products/p1/edit')}`);
  });

  it('searches from the first page and keeps the keyword when paging', async () => {
    signInAs('admin');
    const server = serve(2);
    const { user, router } = renderApp('/admin/productlist/2');
    await screen.findAllByTestId('admin-product-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search products by name, tag or id' }), 'polo{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/admin/productlist?keyword=polo'));
    await waitFor(() => expect(screen.getAllByTestId('admin-product-row')).toHaveLength(1));
    expect(server.calls).toContain('/api/products/admin?keyword=polo');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: '2' })).toHaveAttribute('href', '/admin/productlist/2?keyword=polo');
  });

  it('says when no product matches the search', async () => {
    signInAs('admin');
    serve();
    renderApp('/admin/productlist?keyword=nothing');
    expect(await screen.findByText('No products match "nothing".')).toBeInTheDocument();
  });
});
