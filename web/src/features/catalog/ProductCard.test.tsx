import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import ProductCard from './ProductCard';

function renderCard(product = makeProduct()) {
  render(
    <MemoryRouter>
      <ProductCard product={product} />
    </MemoryRouter>,
  );
  return screen.getByTestId('product-card');
}

describe('ProductCard', () => {
  it('shows the picture, name, rupee price, stars and review count, linking to the product', () => {
    const product = makeProduct({ _id: 'abc123', name: 'Mandala Polo', price: 1299, rating: 3.5, numReviews: 7 });
    const card = renderCard(product);

    const img = screen.getByRole('img', { name: 'Mandala Polo' });
    expect(img).toHaveAttribute('src', '/uploads/demo/abc123-black-front.png');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(screen.getByRole('link', { name: 'Mandala Polo' })).toHaveAttribute('href', '/product/abc123');
    expect(card).toHaveTextContent('₹1,299.00');
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(card).toHaveTextContent('7 reviews');
    expect(card).not.toHaveClass('product-card--sold-out');
    expect(screen.queryByText('Sold Out')).not.toBeInTheDocument();
  });

  it('marks a sold-out product with a Sold Out badge, its price still shown', () => {
    const card = renderCard(makeProduct({ totalInStock: 0, price: 1299 }));
    expect(card).toHaveClass('product-card--sold-out');
    expect(screen.getByText('Sold Out')).toBeVisible();
    expect(card).toHaveTextContent('₹1,299.00');
  });

  it('says "1 review" in the singular', () => {
    renderCard(makeProduct({ name: 'Plain Tee', numReviews: 1 }));
    expect(screen.getByText('1 review')).toBeInTheDocument();
  });

  it('shows a placeholder when the product has no pictures', () => {
    renderCard(makeProduct({ name: 'Bare Tee', variants: [] }));
    expect(screen.getByRole('img', { name: 'No picture of Bare Tee' })).toBeInTheDocument();
  });
});
