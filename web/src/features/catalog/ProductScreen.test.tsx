import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

describe('ProductScreen', () => {
  it('shows the product: picture, name, price, rating, description and stock', async () => {
    const product = makeProduct({
      _id: 'tee1',
      name: 'Block Print Tee',
      price: 899,
      rating: 4,
      numReviews: 3,
      description: 'Hand block printed in Jaipur.',
    });
    mockApi((url) => (url.pathname === '/api/products/tee1' ? { body: product } : undefined));
    renderApp('/product/tee1');

    expect(await screen.findByRole('heading', { name: 'Block Print Tee' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Block Print Tee' })).toHaveAttribute('src', '/uploads/demo/tee1-black-front.png');
    expect(screen.getByText('₹899.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('3 reviews')).toBeInTheDocument();
    expect(screen.getByText('Hand block printed in Jaipur.')).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
  });

  it('says Out Of Stock for a sold-out product', async () => {
    mockApi((url) =>
      url.pathname === '/api/products/gone' ? { body: makeProduct({ _id: 'gone', totalInStock: 0 }) } : undefined,
    );
    renderApp('/product/gone');
    expect(await screen.findByText('Out Of Stock')).toBeInTheDocument();
    expect(screen.queryByText('In Stock')).not.toBeInTheDocument();
  });

  it("shows the server's 404 message in a red alert", async () => {
    mockApi((url) =>
      url.pathname === '/api/products/missing' ? { status: 404, body: { message: 'Product not found' } } : undefined,
    );
    renderApp('/product/missing');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Product not found');
    expect(alert).toHaveClass('alert-danger');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});
