import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seed, tee } from '../../test/checkout';
import { mockApi, renderApp, type MockRequest } from '../../test/render';

const ok = { body: { success: true, issues: [] } };

/** A fake server whose cart verification answers with reply (all well unless told). */
type Reply = { status?: number; body: unknown } | 'network-error';

function serveVerification(reply?: (r: MockRequest) => Reply) {
  return mockApi((url, r) => (url.pathname === '/api/orders/cartVerification' ? (reply ? reply(r) : ok) : undefined));
}

const line = (name: RegExp | string) =>
  screen.getAllByTestId('cart-line').find((li) => within(li).queryByText(name)) as HTMLElement;
const qtyOf = (name: string) => within(line(name)).getByTestId('qty').textContent;

describe('CartScreen', () => {
  it('shows each line with picture, name, colour, size, price and quantity, and the subtotal', async () => {
    seed({ lines: [[tee('a', 250), 0, 2], [tee('b', 1299.5), 1, 1]], signedIn: false });
    const server = serveVerification();
    renderApp('/cart');
    // The screen is its own chunk: the first load takes a moment.
    expect(await screen.findByRole('heading', { name: 'Shopping Cart' })).toBeInTheDocument();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByRole('link', { name: 'Tee a' })).toHaveAttribute('href', '/product/a?variant=aV&size=aS');
    expect(lines[0]).toHaveTextContent('navy · Size S');
    expect(lines[0]).toHaveTextContent('₹250.00');
    expect(lines[0].querySelector('img')).toHaveAttribute('src', '/uploads/demo/a.png');
    expect(qtyOf('Tee a')).toBe('2');
    expect(lines[1]).toHaveTextContent('Size M');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal (3 items)');
    expect(screen.getByTestId('cart-amount')).toHaveTextContent('₹1,799.50');
    expect(screen.getByText('At most 10 units of each size can be added, if in stock.')).toBeInTheDocument();
    // The stock is checked when the cart opens: keyId and quantity of each line.
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/orders/cartVerification')).toBe(true));
    expect(server.requests.find((r) => r.path === '/api/orders/cartVerification')!.body).toEqual({
      cartItems: [
        { keyId: 'aaS', qty: 2 },
        { keyId: 'bbM', qty: 1 },
      ],
    });
  });

  it('says the cart is empty, with a link home, and checks nothing', async () => {
    const server = serveVerification();
    renderApp('/cart');
    expect(await screen.findByText(/Your Cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Proceed To Checkout' })).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.includes('cartVerification'))).toEqual([]);
  });

  it('tells a guest to log in to add more, and keeps the quantity', async () => {
    seed({ lines: [[tee('a', 250), 0, 1]], signedIn: false });
    serveVerification();
    const { user, store } = renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Tee a (navy, S)' }));
    expect(await screen.findByText('Please Log In to Add More Quantity')).toBeInTheDocument();
    expect(store.getState().cart.cartItems[0].qty).toBe(1);
  });

  it('raises and lowers a signed-in quantity, repricing and saving the cart', async () => {
    seed({ lines: [[tee('a', 250), 0, 1]], method: 'COD' });
    serveVerification();
    const { user, store } = renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Tee a (navy, S)' }));
    expect(qtyOf('Tee a')).toBe('2');
    expect(store.getState().cart).toMatchObject({ itemsPrice: '500.00', shippingPrice: '0.00', totalPrice: '500.00' });
    expect(JSON.parse(localStorage.getItem('cart')!).cartItems[0].qty).toBe(2);
    expect(screen.getByTestId('cart-amount')).toHaveTextContent('₹500.00');
    await user.click(screen.getByRole('button', { name: 'Reduce quantity of Tee a (navy, S)' }));
    expect(qtyOf('Tee a')).toBe('1');
    expect(store.getState().cart).toMatchObject({ itemsPrice: '250.00', shippingPrice: '50.00', totalPrice: '300.00' });
  });

  it('stops at 1 with "Use the Delete Button", and at the stock or 10 with the maximum message', async () => {
    // Size S has 5 in stock, size M has 12.
    seed({ lines: [[tee('a', 100), 0, 5], [tee('b', 100), 1, 10], [tee('c', 100), 1, 1]] });
    serveVerification();
    const { user, store } = renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: 'Reduce quantity of Tee c (navy, M)' }));
    expect(await screen.findByText('Use the Delete Button')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Tee a (navy, S)' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Tee b (navy, M)' }));
    // At the stock (5 of 5) the stock message; at 10 with 12 in stock the cap's, not the stock's.
    expect(await screen.findByText('Maximum Available Stock Quantity Reached')).toBeInTheDocument();
    expect(await screen.findByText('At most 10 units of a size can be ordered at once.')).toBeInTheDocument();
    expect(store.getState().cart.cartItems.map((i) => i.qty)).toEqual([5, 10, 1]);
  });

  it('leaves a sold-out line out of the subtotal and holds checkout back, saying why', async () => {
    // Size L is sold out as the line was added; Tee b's M sold out since, as the server says.
    seed({ lines: [[tee('a', 100), 0, 2], [tee('c', 300), 2, 1], [tee('b', 700), 1, 1]] });
    serveVerification(() => ({
      body: {
        success: false,
        issues: [
          { keyId: 'ccL', reason: 'This size is out of stock.', soldOut: true },
          { keyId: 'bbM', reason: 'This size is out of stock.', soldOut: true },
        ],
        message: "There's some issue with the stock status with the items in your cart.",
      },
    }));
    const { user } = renderApp('/cart');
    expect(await within(line('Tee b')).findByText('Sold out')).toBeInTheDocument();
    expect(within(line('Tee c')).getByText('Sold out')).toBeInTheDocument();
    expect(within(line('Tee a')).queryByText('Sold out')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal (2 items)');
    expect(screen.getByTestId('cart-amount')).toHaveTextContent('₹200.00');
    expect(screen.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled();
    expect(screen.getByTestId('checkout-held')).toHaveTextContent(
      'Sold out: Tee c (navy, L), Tee b (navy, M). Remove them to check out.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete Tee c (navy, L) from the cart' }));
    await user.click(screen.getByRole('button', { name: 'Delete Tee b (navy, M) from the cart' }));
    expect(screen.getByRole('button', { name: 'Proceed To Checkout' })).toBeEnabled();
    expect(screen.queryByTestId('checkout-held')).not.toBeInTheDocument();
  });

  it('deletes a line, and the last one leaves the empty cart', async () => {
    seed({ lines: [[tee('a', 100), 0, 1], [tee('b', 100), 0, 1]] });
    serveVerification();
    const { user, store } = renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: 'Delete Tee a (navy, S) from the cart' }));
    expect(store.getState().cart.cartItems.map((i) => i.keyId)).toEqual(['bbS']);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete Tee b (navy, S) from the cart' }));
    expect(await screen.findByText(/Your Cart is empty/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart')!).cartItems).toEqual([]);
  });

  it("shows the server's stock issues per line with a toast", async () => {
    seed({ lines: [[tee('a', 100), 0, 4], [tee('b', 100), 0, 1]] });
    serveVerification(() => ({
      body: {
        success: false,
        issues: [{ keyId: 'aaS', reason: 'Only 2 left in stock.' }],
        message: "There's some issue with the stock status with the items in your cart.",
      },
    }));
    renderApp('/cart');
    expect(await screen.findByText('Please recheck your cart items.')).toBeInTheDocument();
    expect(screen.getByText("There's some issue with the stock status with the items in your cart.")).toBeInTheDocument();
    expect(within(line('Tee a')).getByRole('alert')).toHaveTextContent(
      'Only 2 left in stock. Remove it and add again to update item quantity.',
    );
    expect(within(line('Tee b')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Stock verification failed' when the check cannot be made", async () => {
    seed({ lines: [[tee('a', 100), 0, 1]] });
    serveVerification(() => 'network-error');
    renderApp('/cart');
    expect(await screen.findByText('Stock verification failed')).toBeInTheDocument();
  });

  it('Proceed To Checkout sends a guest to sign in, with a way back to shipping', async () => {
    seed({ lines: [[tee('a', 100), 0, 1]], signedIn: false });
    serveVerification();
    const { user, router } = renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: 'Proceed To Checkout' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=/shipping');
  });

  it('a signed-in user goes straight to shipping and checks out the cart, not an old Order Now item', async () => {
    seed({ lines: [[tee('a', 100), 0, 1]], buying: { product: tee('z', 999), size: 0, action: 'buyNow' } });
    serveVerification();
    const { user, router, store } = renderApp('/cart');
    expect(store.getState().buying.item).not.toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Proceed To Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
    expect(store.getState().buying.item).toBeNull();
  });
});
