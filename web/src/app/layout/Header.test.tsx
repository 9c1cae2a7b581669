import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../features/cart/cartSlice';
import { mockApi, renderApp } from '../../test/render';

function storeCart(keyIds: string[]) {
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({
      cartItems: keyIds.map((keyId) => ({
        keyId,
        name: keyId,
        qty: 2,
        price: 499,
        variant: { _id: 'v', variantName: 'black', images: [], size: { _id: 's', size: 'M', stock: 5 } },
      })),
      shippingAddress: {},
      paymentMethod: 'Razorpay',
    }),
  );
}

describe('Header', () => {
  beforeEach(() => {
    mockApi();
  });

  it('links the brand from the shop config home, and offers Cart and Sign In', async () => {
    renderApp('/nowhere');
    const header = screen.getByRole('banner');
    const brand = await within(header).findByRole('link', { name: 'Kurta Co home' });
    expect(brand).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: /Cart/ })).toHaveAttribute('href', '/cart');
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('hides the cart badge when the cart is empty', () => {
    renderApp('/nowhere');
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });

  it('shows the number of distinct cart lines', () => {
    storeCart(['p1-s1', 'p2-s3']);
    renderApp('/nowhere');
    expect(screen.getByTestId('cart-badge')).toHaveTextContent(/^2$/);
    expect(screen.getByRole('link', { name: 'Cart: 2 items' })).toHaveAttribute('href', '/cart');
  });

  it('treats a corrupt stored cart as empty', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    renderApp('/nowhere');
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });

  it('keeps the search and the cart out of the phone menu, which holds the rest', async () => {
    storeCart(['p1-s1']);
    renderApp('/nowhere');
    const menu = document.getElementById('site-navbar-nav')!;
    expect(screen.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute('aria-controls', 'site-navbar-nav');
    expect(menu).not.toContainElement(screen.getByRole('search'));
    expect(menu).not.toContainElement(screen.getByRole('link', { name: 'Cart: 1 item' }));
    expect(menu).toContainElement(await screen.findByRole('link', { name: 'Sign In' }));
  });
});
