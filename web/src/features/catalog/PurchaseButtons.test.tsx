import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import type { Role } from '../auth';
import { signInAs } from '../../test/session';
import PurchaseButtons from './PurchaseButtons';

function renderButtons(inStock: boolean, role?: Role, wired = true) {
  if (role) signInAs(role);
  const handlers = { onAddToCart: vi.fn(), onOrderNow: vi.fn(), onPreOrder: vi.fn() };
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={['/product/p1?variant=v1&size=s1']}>
        <PurchaseButtons
        inStock={inStock}
        onAddToCart={handlers.onAddToCart}
        onOrderNow={wired ? handlers.onOrderNow : undefined}
        onPreOrder={wired ? handlers.onPreOrder : undefined}
        />
      </MemoryRouter>
    </Provider>,
  );
  return handlers;
}

const names = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('PurchaseButtons', () => {
  it('offers a guest only Add to Cart, enabled when in stock', async () => {
    const { onAddToCart } = renderButtons(true);
    expect(names()).toEqual(['Add to Cart']);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledOnce();
  });

  it('never offers a guest Pre Order, disables Add to Cart when out of stock, and says signing in lets them pre-order', () => {
    renderButtons(false);
    expect(names()).toEqual(['Add to Cart']);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveAccessibleDescription(
      'This size is sold out. Sign in to pre-order it, or choose another size or colour.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/product/p1?variant=v1&size=s1')}`,
    );
  });

  it('tells a manufacturer only to choose another size', () => {
    renderButtons(false, 'manufacturer');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveAccessibleDescription(
      'This size is sold out. Please choose another size or colour.',
    );
  });

  it.each(['customer', 'admin', 'manufacturer'] as Role[])('offers a signed-in %s Order Now when in stock', async (role) => {
    const { onOrderNow } = renderButtons(true, role);
    expect(names()).toEqual(['Add to Cart', 'Order Now']);
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(onOrderNow).toHaveBeenCalledOnce();
  });

  it('offers a signed-in customer Pre Order when out of stock, never Order Now', async () => {
    const { onPreOrder } = renderButtons(false, 'customer');
    expect(names()).toEqual(['Add to Cart', 'Pre Order']);
    expect(screen.getByText('This size is sold out: pre-order it and it will be made for you.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pre Order' }));
    expect(onPreOrder).toHaveBeenCalledOnce();
  });

  it('offers no Pre Order to a manufacturer', () => {
    renderButtons(false, 'manufacturer');
    expect(names()).toEqual(['Add to Cart']);
  });

  it('shows Order Now and Pre Order only when their handlers are given', () => {
    renderButtons(true, 'customer', false);
    expect(names()).toEqual(['Add to Cart']);
  });
});
