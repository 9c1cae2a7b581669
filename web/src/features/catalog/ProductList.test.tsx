import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import ProductList from './ProductList';
import type { ProductPage } from './types';

function renderList(props: Partial<Parameters<typeof ProductList>[0]>) {
  return render(
    <MemoryRouter>
      <ProductList data={undefined} error={undefined} isFetching={false} empty="Nothing here yet." {...props} />
    </MemoryRouter>,
  );
}

const page = (products: ProductPage['products'], n = 1, pages = 1): ProductPage => ({ products, page: n, pages });

describe('ProductList', () => {
  it('shows a spinner until the page loads', () => {
    renderList({ isFetching: true });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products' })).toBeNull();
  });

  it('shows why the page did not load, unless it is asked for again', () => {
    const error = { status: 500, data: { message: 'Database is down' } };
    const { rerender } = renderList({ error });
    expect(screen.getByRole('alert')).toHaveTextContent('Database is down');
    rerender(
      <MemoryRouter>
        <ProductList data={undefined} error={error} isFetching empty="Nothing here yet." />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the products with the page links', () => {
    renderList({ data: page([makeProduct({ _id: 'a' }), makeProduct({ _id: 'b' })], 1, 2), hrefFor: (n) => `/category/polo/page/${n}` });
    expect(within(screen.getByRole('list', { name: 'Products' })).getAllByTestId('product-card')).toHaveLength(2);
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/category/polo/page/2',
    );
  });

  it("says what the list gives for an empty first page, and that a later page is past the list's end", () => {
    const { unmount } = renderList({ data: page([]) });
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();
    unmount();
    renderList({ data: page([], 4, 3) });
    expect(screen.getByText('There are no products on page 4.')).toBeInTheDocument();
  });
});
