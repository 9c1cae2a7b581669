import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS, seed, tee } from '../../test/checkout';
import { fakeRazorpay } from '../../test/razorpay';
import { testConfig } from '../../test/fixtures';
import { holdAnswers, mockApi, renderApp, type MockRequest } from '../../test/render';
import { checkoutRedirect } from './PlaceOrderScreen';

type Reply = { status?: number; body: unknown } | 'network-error' | undefined;
interface Answers {
  verify?: (r: MockRequest) => Reply;
  order?: (r: MockRequest, n: number) => Reply;
  payment?: (r: MockRequest) => Reply;
  product?: (id: string) => Reply;
}

const placedCod = { status: 201, body: { data: { _id: 'ord1', orderId: '1001', totalPrice: 300 } } };
const placedOnline = (total: number) => ({
  status: 201,
  body: { data: { _id: 'ord2', orderId: '1002', totalPrice: total }, key: 'rzp_test_key', razorpayOrderId: 'order_SIM123' },
});

function serve(a: Answers = {}) {
  let orders = 0;
  return mockApi((url, r) => {
    if (url.pathname === '/api/orders/cartVerification') return a.verify?.(r) ?? { body: { success: true, issues: [] } };
    if (url.pathname === '/api/orders' && r.method === 'POST') return a.order?.(r, ++orders) ?? placedCod;
    if (url.pathname === '/api/orders/verifyPayment') return a.payment?.(r) ?? { body: { success: true, message: 'Payment Successful!' } };
    if (url.pathname.startsWith('/api/products/')) return a.product?.(url.pathname.split('/').pop()!);
    return undefined;
  });
}

/** The Idempotency-Key header of every POST /api/orders, in order. */
const orderKeys = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => input as Request)
    .filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/orders')
    .map((r) => r.headers.get('Idempotency-Key'));

async function open() {
  const app = renderApp('/placeorder');
  await screen.findByRole('heading', { name: /^(Order Items?|Pre Order Item)$/ });
  return app;
}
const placeButton = () => screen.getByRole('button', { name: 'Place Order' });
const breakupRow = (label: string) =>
  within(screen.getByTestId('price-breakup')).getByText(label).closest('div')!.querySelector('dd')!.textContent;
const posted = (server: { requests: MockRequest[] }, path: string) =>
  server.requests.filter((r) => r.method === 'POST' && r.path === path);

afterEach(() => {
  delete window.Razorpay;
});

describe('checkoutRedirect', () => {
  it('wants a complete address, then a payment method', () => {
    expect(checkoutRedirect({}, 'COD')).toBe('/shipping');
    expect(checkoutRedirect({ ...ADDRESS, pinCode: '123' }, 'COD')).toBe('/shipping');
    expect(checkoutRedirect(ADDRESS, undefined)).toBe('/payment');
    expect(checkoutRedirect(ADDRESS, 'Cheque')).toBe('/payment');
    expect(checkoutRedirect(ADDRESS, 'Razorpay')).toBeNull();
  });
});

describe('PlaceOrderScreen', () => {
  it('sends a checkout without an address back to shipping', async () => {
    seed({ lines: [[tee('a', 250), 0, 1]], address: null });
    serve();
    const { router } = renderApp('/placeorder');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
  });

  it('shows the address and method with Edit links, the items and the online price breakup', async () => {
    seed({ lines: [[tee('a', 250), 0, 2], [tee('b', 999.5), 1, 1]] });
    serve();
    await open();
    expect(screen.getByTestId('review-address')).toHaveTextContent('Chitra Customer · 9000000003 · customer@example.com');
    expect(screen.getByTestId('review-address')).toHaveTextContent('14, 2nd Cross, Indiranagar, Near the metro station');
    expect(screen.getByTestId('review-address')).toHaveTextContent('Bengaluru, Bengaluru Urban, Karnataka 560038');
    expect(screen.getByRole('link', { name: 'Edit the shipping address' })).toHaveAttribute('href', '/shipping');
    expect(screen.getByRole('link', { name: 'Edit the payment method' })).toHaveAttribute('href', '/payment');
    expect(screen.getByTestId('review-method')).toHaveTextContent('Razorpay (Card, UPI, Netbanking, Wallet)');
    const lines = screen.getAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('2 × ₹250.00 = ₹500.00');
    // 1,499.50 items; 3% fee 44.99 (rounded half up); 10% discount 149.95
    expect(breakupRow('Items')).toBe('₹1,499.50');
    expect(breakupRow('Shipping')).toBe('Free');
    expect(breakupRow('Secure Transaction Fee')).toBe('₹44.99');
    expect(breakupRow('10% additional discount for online payment')).toBe('−₹149.95');
    expect(breakupRow('Total')).toBe('₹1,394.54');
    expect(screen.queryByText('Pre-order Fee')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Checkout steps' })).toHaveTextContent('Place Order');
  });

  it('COD: checks the stock, places the order with an idempotency key, clears the cart and opens the order', async () => {
    seed({ lines: [[tee('a', 250), 0, 1]], method: 'COD' });
    const server = serve();
    const { user, router, store } = await open();
    expect(breakupRow('Shipping')).toBe('₹50.00');
    expect(screen.queryByText('Secure Transaction Fee')).not.toBeInTheDocument();
    await user.click(placeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord1'));

    expect(posted(server, '/api/orders/cartVerification')[0].body).toEqual({ cartItems: [{ keyId: 'aaS', qty: 1 }] });
    const [order] = posted(server, '/api/orders');
    expect(order.body).toMatchObject({
      orderItems: [expect.objectContaining({ _id: 'a', keyId: 'aaS', qty: 1, variant: expect.objectContaining({ size: expect.objectContaining({ _id: 'aS' }) }) })],
      shippingAddress: ADDRESS,
      paymentMethod: 'COD',
      itemsPrice: '250.00',
      shippingPrice: '50.00',
      secureTransactionFee: '0.00',
      discount: '0.00',
      preOrderFee: '0.00',
      totalPrice: '300.00',
    });
    expect(orderKeys()[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cart')!).cartItems).toEqual([]);
    // The address stays for the next order.
    expect(store.getState().cart.shippingAddress).toEqual(ADDRESS);
  });

  it('a COD pre-order shows and sends the pre-order fee, skips the cart check and keeps the cart', async () => {
    seed({ lines: [[tee('a', 100), 0, 1]], buying: { product: tee('p', 800), size: 2, action: 'preOrder', method: 'COD' } });
    const server = serve();
    const { user, router, store } = await open();
    expect(screen.getByRole('heading', { name: 'Pre Order Item' })).toBeInTheDocument();
    expect(screen.getAllByTestId('order-line')).toHaveLength(1);
    expect(screen.getByTestId('order-line')).toHaveTextContent('Tee p');
    expect(screen.getByTestId('order-line')).toHaveTextContent('Pre-order');
    expect(breakupRow('Pre-order Fee')).toBe('₹40.00');
    expect(breakupRow('Total')).toBe('₹840.00');
    await user.click(placeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord1'));
    expect(posted(server, '/api/orders/cartVerification')).toHaveLength(0);
    expect(posted(server, '/api/orders')[0].body).toMatchObject({
      orderItems: [expect.objectContaining({ keyId: 'ppL', actionItem: 'preOrder', qty: 1 })],
      paymentMethod: 'COD',
      preOrderFee: '40.00',
      totalPrice: '840.00',
    });
    expect(store.getState().buying.item).toBeNull();
    expect(store.getState().cart.cartItems).toHaveLength(1);
  });

  it('online: opens the widget with the order, pays, verifies the payment and opens the order', async () => {
    seed({ lines: [[tee('a', 1000), 0, 1]] });
    const server = serve({ order: () => placedOnline(930) });
    const seen = fakeRazorpay((o) =>
      o.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_SIM123', razorpay_signature: 'sig' }),
    );
    const { user, router, store } = await open();
    await user.click(placeButton());
    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord2'));
    expect(seen[0]).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_SIM123',
      amount: 93000,
      currency: 'INR',
      name: 'Kurta Co',
      prefill: { name: 'Chitra Customer', email: 'customer@example.com', contact: '9000000003' },
    });
    expect(posted(server, '/api/orders/verifyPayment')[0].body).toEqual({
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_SIM123',
      razorpay_signature: 'sig',
      orderId: 'ord2',
    });
    expect(store.getState().cart.cartItems).toEqual([]);
  });

  it('online: a failed payment says why; the order stays unpaid and opens for another try', async () => {
    seed({ lines: [[tee('a', 1000), 0, 1]] });
    const server = serve({ order: () => placedOnline(930) });
    fakeRazorpay((_o, failed) => failed({ error: { description: 'Your payment was declined by the bank (simulated).' } }));
    const { user, router, store } = await open();
    await user.click(placeButton());
    expect(await screen.findByText('Error: Your payment was declined by the bank (simulated).')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord2'));
    expect(posted(server, '/api/orders/verifyPayment')).toHaveLength(0);
    // Nothing was paid: the cart stays until a payment is verified.
    expect(store.getState().cart.cartItems).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('cart')!).cartItems).toHaveLength(1);
  });

  it("online: a payment the server cannot verify says 'Payment verification failed.'", async () => {
    seed({ buying: { product: tee('p', 1000), size: 0, action: 'buyNow' } });
    serve({ order: () => placedOnline(930), payment: () => ({ status: 400, body: { message: 'Payment verification failed.' } }) });
    fakeRazorpay((o) => o.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_SIM123', razorpay_signature: 'forged' }));
    const { user, router, store } = await open();
    await user.click(placeButton());
    expect(await screen.findByText('Payment verification failed.')).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord2'));
    expect(store.getState().buying.item).toMatchObject({ _id: 'p' });
  });

  it('online: closing the widget leaves the order to be paid from its page', async () => {
    seed({ lines: [[tee('a', 1000), 0, 1]] });
    serve({ order: () => placedOnline(930) });
    fakeRazorpay((o) => o.modal.ondismiss());
    const { user, router, store } = await open();
    await user.click(placeButton());
    expect(await screen.findByText(/you can pay for it from its page/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord2'));
    expect(store.getState().cart.cartItems).toHaveLength(1);
  });

  it('online: a buying item whose payment failed stays for another try', async () => {
    seed({ lines: [[tee('a', 100), 0, 1]], buying: { product: tee('p', 1000), size: 0, action: 'buyNow' } });
    serve({ order: () => placedOnline(930) });
    fakeRazorpay((_o, failed) => failed({ error: { description: 'Card expired (simulated).' } }));
    const { user, router, store } = await open();
    await user.click(placeButton());
    expect(await screen.findByText('Error: Card expired (simulated).')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord2'));
    expect(store.getState().buying.item).toMatchObject({ _id: 'p' });
    expect(store.getState().cart.cartItems).toHaveLength(1);
  });

  it('online: a buying item is done with once its payment is verified', async () => {
    seed({ buying: { product: tee('p', 1000), size: 0, action: 'buyNow' } });
    serve({ order: () => placedOnline(930) });
    fakeRazorpay((o) => o.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_SIM123', razorpay_signature: 'sig' }));
    const { user, router, store } = await open();
    await user.click(placeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord2'));
    expect(store.getState().buying.item).toBeNull();
  });

  it('online in a shop without online payment: says so and will not place the order', async () => {
    seed({ lines: [[tee('a', 1000), 0, 1]] });
    const server = mockApi((url) =>
      url.pathname === '/api/config' ? { body: { ...testConfig, payment: { checkoutScript: '', online: false, simulator: false } } } : undefined,
    );
    await open();
    expect(await screen.findByText(/Online payment is not available in this shop right now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another payment method' })).toHaveAttribute('href', '/payment');
    expect(placeButton()).toBeDisabled();
    expect(posted(server, '/api/orders')).toHaveLength(0);
  });

  it('online in test mode says that payments are simulated', async () => {
    seed({ lines: [[tee('a', 1000), 0, 1]] });
    serve();
    await open();
    expect(await screen.findByText('Test mode: payments are simulated, no money moves.')).toBeInTheDocument();
  });

  it('stops before ordering when the cart check finds issues, and shows them', async () => {
    seed({ lines: [[tee('a', 100), 0, 3], [tee('b', 100), 0, 1]] });
    const server = serve({
      verify: () => ({
        body: {
          success: false,
          issues: [{ keyId: 'aaS', reason: 'Only 2 left in stock.' }],
          message: "There's some issue with the stock status with the items in your cart.",
        },
      }),
    });
    const { user, router } = await open();
    await user.click(placeButton());
    expect(await screen.findByText('Please recheck your cart items.')).toBeInTheDocument();
    expect(screen.getByText(/Tee a \(navy, S\): Only 2 left in stock\. Remove it and add again to update item quantity\./)).toBeInTheDocument();
    const alert = screen.getByText(/There's some issue with the stock status/).closest('.alert')!;
    expect(within(alert as HTMLElement).getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
    expect(posted(server, '/api/orders')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/placeorder');
  });

  it("says 'Stock verification failed' when the cart cannot be checked, and orders nothing", async () => {
    seed({ lines: [[tee('a', 100), 0, 1]] });
    const server = serve({ verify: () => 'network-error' });
    const { user } = await open();
    await user.click(placeButton());
    expect(await screen.findByText('Stock verification failed')).toBeInTheDocument();
    expect(posted(server, '/api/orders')).toHaveLength(0);
    expect(placeButton()).toBeEnabled();
  });

  it("shows the server's stock refusal in a red alert with a link to the cart", async () => {
    seed({ lines: [[tee('a', 100), 0, 1]], method: 'COD' });
    serve({
      order: () => ({ status: 409, body: { message: 'One of your order items having stock issue, please revisit your cart again.' } }),
    });
    const { user, store } = await open();
    await user.click(placeButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('One of your order items having stock issue, please revisit your cart again.');
    expect(within(alert).getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
    expect(store.getState().cart.cartItems).toHaveLength(1);
  });

  it("on changed prices: says so, reprices the lines from the products, and the next try is a new attempt", async () => {
    seed({ lines: [[tee('a', 250), 0, 2]], method: 'COD' });
    const server = serve({
      order: (_r, n) =>
        n === 1
          ? {
              status: 409,
              body: {
                message: 'The prices in your cart have changed. Please review your order.',
                expected: { itemsPrice: 600, shippingPrice: 0, secureTransactionFee: 0, discount: 0, preOrderFee: 0, totalPrice: 600 },
              },
            }
          : placedCod,
      product: (id) => (id === 'a' ? { body: tee('a', 300) } : undefined),
    });
    const { user, router, store } = await open();
    await user.click(placeButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The prices in your cart have changed. Please review your order.');
    await waitFor(() => expect(breakupRow('Total')).toBe('₹600.00'));
    expect(store.getState().cart.cartItems[0].price).toBe(300);
    expect(server.calls).toContain('/api/products/a');

    await user.click(placeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord1'));
    expect(posted(server, '/api/orders')[1].body).toMatchObject({ itemsPrice: '600.00', totalPrice: '600.00' });
    const [first, second] = orderKeys();
    expect(second).not.toBe(first);
  });

  it('a double click places one order; a retry after a lost answer uses the same key', async () => {
    seed({ lines: [[tee('a', 250), 0, 1]], method: 'COD' });
    const server = serve({ order: (_r, n) => (n === 1 ? 'network-error' : placedCod) });
    // Both clicks land while the first attempt waits for its answer: otherwise the first attempt
    // may already have failed by the second click, which is then a retry, not a double click.
    const release = holdAnswers('POST', '/api/orders');
    const { user, router } = await open();
    await user.dblClick(placeButton());
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(/offline/);
    expect(posted(server, '/api/orders/cartVerification')).toHaveLength(1);
    expect(posted(server, '/api/orders')).toHaveLength(1);
    await user.click(placeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord1'));
    const keys = orderKeys();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('disables Place Order while placing', async () => {
    seed({ lines: [[tee('a', 250), 0, 1]], method: 'COD' });
    serve();
    const release = holdAnswers('POST', '/api/orders');
    const { user, router } = await open();
    await user.click(placeButton());
    await waitFor(() => expect(placeButton()).toBeDisabled());
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ord1'));
  });

  it('shows a refusal over a payment limit from the server', async () => {
    seed({ lines: [[tee('a', 250), 0, 1]], method: 'COD' });
    serve({ order: () => ({ status: 400, body: { message: 'Cash on delivery is for orders of ₹10,000 or less' } }) });
    const { user } = await open();
    await user.click(placeButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cash on delivery is for orders of ₹10,000 or less');
  });

  it('will not place a cart that is now above the limit of its saved method', async () => {
    seed({ lines: [[tee('a', 1000), 1, 11]], method: 'COD' });
    serve();
    await open();
    expect(screen.getByText(/above the limit for Cash on Delivery/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another payment method' })).toHaveAttribute('href', '/payment');
    expect(placeButton()).toBeDisabled();
  });
});
