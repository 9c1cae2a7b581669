import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp, type MockRequest } from '../../test/render';
import { makeOnlineOrder, makeOrder, makeOrderItem } from '../../test/orders';
import { fakeRazorpay } from '../../test/razorpay';
import type { Order } from './types';

const customer = () => storeUserInfo(makeUserInfo());
const admin = () => storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));

type Route = (url: URL, req: MockRequest) => { status?: number; body: unknown } | undefined;

/** Serves one order at GET /api/orders/o1 (as it is at the time of the call) and whatever else `more` answers. */
function serveOrder(get: () => Order, more: Route = () => undefined) {
  return mockApi((url, req) => {
    if (url.pathname === '/api/orders/o1' && req.method === 'GET') return { body: get() };
    return more(url, req);
  });
}

async function openOrder() {
  const app = renderApp('/order/o1');
  await screen.findByRole('heading', { name: /^Order 100003/ });
  return app;
}

const summary = () => within(screen.getByTestId('order-summary'));

describe('OrderScreen: details', () => {
  it('shows shipping, payment and delivery not done yet, the items and the summary', async () => {
    serveOrder(() => makeOrder({ shippingPrice: 50, itemsPrice: 299, totalPrice: 349, orderItems: [makeOrderItem({ qty: 1, price: 299 })] }));
    customer();
    await openOrder();
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    for (const text of ['Chitra Customer', 'customer@example.com', '9000000003', '12 MG Road, Indiranagar', 'Near the metro', 'Bengaluru, Bengaluru Urban, Karnataka 560038', 'Ring twice']) {
      expect(shipping).toHaveTextContent(text);
    }
    expect(within(shipping).getByText('Yet to be deliver.')).toHaveClass('alert-secondary');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Cash on delivery');
    expect(within(payment).getByText('Payment not received yet')).toHaveClass('alert-secondary');

    const item = screen.getByTestId('order-item');
    expect(within(item).getByRole('img', { name: 'Classic Tee' })).toHaveAttribute('src', '/uploads/demo/p1-black-front.png');
    expect(within(item).getByRole('link', { name: 'Classic Tee' })).toHaveAttribute('href', '/product/p1');
    expect(item).toHaveTextContent('black · Size M');
    expect(within(item).getByTestId('order-item-price')).toHaveTextContent('1 × ₹299.00 = ₹299.00');

    expect(summary().getByText('Items').nextSibling).toHaveTextContent('₹299.00');
    expect(summary().getByText('Shipping').nextSibling).toHaveTextContent('₹50.00');
    expect(summary().getByText('Total').nextSibling).toHaveTextContent('₹349.00');
    expect(summary().queryByText('Secure transaction fee')).toBeNull();
  });

  it('shows the paid and delivered dates in the Indian format', async () => {
    serveOrder(() =>
      makeOrder({ isPaid: true, paidAt: '2026-11-20T14:05:00Z', isDelivered: true, deliveredDate: '2026-11-22T04:30:00Z' }),
    );
    customer();
    await openOrder();
    expect(screen.getByText('Paid on 20/11/2026 at 7:35 pm')).toHaveClass('alert-success');
    expect(screen.getByText('Delivered on 22/11/2026 at 10:00 am')).toHaveClass('alert-success');
    expect(screen.queryByText('Payment not received yet')).toBeNull();
    expect(screen.queryByText('Yet to be deliver.')).toBeNull();
  });

  it('shows an online order with its fee, discount and the time its stock is held until', async () => {
    serveOrder(() => makeOnlineOrder({ paymentDueAt: '2026-11-20T08:45:00Z' }));
    customer();
    await openOrder();
    expect(summary().getByText('Secure transaction fee').nextSibling).toHaveTextContent('₹29.94');
    expect(summary().getByText('10% additional discount for online payment').nextSibling).toHaveTextContent('−₹99.80');
    expect(summary().getByText('Total').nextSibling).toHaveTextContent('₹928.14');
    expect(screen.getByTestId('payment-due')).toHaveTextContent('held for you until 20/11/2026 at 2:15 pm');
  });

  it('marks pre-order items: awaiting manufacture, then the date as its first 10 characters', async () => {
    let order = makeOrder({
      isPreOrder: true,
      preOrderFee: 24.95,
      orderItems: [makeOrderItem({ preOrder: true, qty: 1 }), makeOrderItem({ name: 'Polo', product: 'p2' })],
    });
    serveOrder(() => order);
    customer();
    const first = await openOrder();
    expect(screen.getAllByTestId('pre-order-state')).toHaveLength(1);
    expect(screen.getByTestId('pre-order-state')).toHaveTextContent('Pre-order');
    expect(screen.getByTestId('pre-order-state')).toHaveTextContent('Awaiting manufacture');
    expect(summary().getByText('Pre-order fee').nextSibling).toHaveTextContent('₹24.95');
    first.unmount();

    order = { ...order, mfgDate: '2026-11-21T18:40:00.000Z', orderItems: [{ ...order.orderItems[0], mfgDate: '2026-11-21T18:40:00.000Z' }] };
    await openOrder();
    expect(screen.getByTestId('pre-order-state')).toHaveTextContent(/Manufactured on 2026-11-21$/);
    expect(screen.queryByText('Awaiting manufacture')).toBeNull();
  });

  it('shows a cancelled (expired) order clearly, without Pay Now', async () => {
    serveOrder(() => makeOnlineOrder({ status: 'expired', paymentDueAt: '2026-11-20T08:45:00Z' }));
    customer();
    await openOrder();
    expect(screen.getByTestId('order-cancelled')).toHaveTextContent('This order is cancelled.');
    expect(screen.getByTestId('order-cancelled')).toHaveTextContent('not paid in time (by 20/11/2026 at 2:15 pm)');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.queryByTestId('payment-due')).toBeNull();
  });

  it('warns an admin about a payment that arrived after expiry', async () => {
    serveOrder(() => makeOnlineOrder({ status: 'expired', paymentFlagged: true }));
    admin();
    await openOrder();
    expect(screen.getByTestId('payment-flagged')).toHaveTextContent('Payment flagged.');
    expect(screen.getByTestId('payment-flagged')).toHaveTextContent('Refund it to the customer');
    expect(screen.getByTestId('payment-flagged')).toHaveClass('alert-warning');
  });

  it('shows an admin why a payment was flagged', async () => {
    const reason = 'Payment pay_X was not accepted: its currency is "USD", not INR. Check it in the payment provider\'s dashboard.';
    serveOrder(() => makeOnlineOrder({ paymentFlagged: true, paymentFlagReason: reason }));
    admin();
    await openOrder();
    expect(screen.getByTestId('payment-flagged')).toHaveTextContent(`Payment flagged. ${reason}`);
  });

  it('tells the customer of a flagged payment on an open order that it is not paid yet', async () => {
    serveOrder(() => makeOnlineOrder({ paymentFlagged: true, paymentFlagReason: 'Payment pay_X was not accepted.' }));
    customer();
    await openOrder();
    expect(screen.getByTestId('payment-flagged')).toHaveTextContent('could not be matched to this order');
    expect(screen.getByTestId('payment-flagged')).not.toHaveTextContent('pay_X');
    expect(screen.getByTestId('payment-flagged')).not.toHaveTextContent('after this order expired');
  });

  it("shows the server's message under an Unauthorised title when the order cannot be loaded", async () => {
    mockApi((url) => (url.pathname === '/api/orders/o1' ? { status: 404, body: { message: 'Order not found' } } : undefined));
    customer();
    renderApp('/order/o1');
    expect(await screen.findByRole('heading', { name: 'Unauthorised access' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Order not found');
    expect(alert).toHaveClass('alert-danger');
    expect(screen.queryByRole('heading', { name: /^Order 100003/ })).toBeNull();
  });

  it('sends a guest to sign in', async () => {
    mockApi();
    const { router } = renderApp('/order/o1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('OrderScreen: admin buttons', () => {
  const states: [string, Partial<Order>, 'admin' | 'customer', boolean, boolean][] = [
    ['unpaid, undelivered and placed', {}, 'admin', true, false],
    ['unpaid online order', { paymentMethod: 'Razorpay' }, 'admin', true, false],
    ['paid and undelivered', { isPaid: true, paidAt: '2026-11-20T14:05:00Z' }, 'admin', false, true],
    ['paid and delivered', { isPaid: true, paidAt: '2026-11-20T14:05:00Z', isDelivered: true, deliveredDate: '2026-11-22T04:30:00Z' }, 'admin', false, false],
    ['cancelled', { status: 'cancelled' }, 'admin', false, false],
    ['unpaid, seen by its customer', {}, 'customer', false, false],
    ['paid, seen by its customer', { isPaid: true, paidAt: '2026-11-20T14:05:00Z' }, 'customer', false, false],
  ];

  it.each(states)('%s: Payment Received %#', async (_name, overrides, role, pay, deliver) => {
    serveOrder(() => makeOrder(overrides));
    if (role === 'admin') admin();
    else customer();
    await openOrder();
    expect(screen.queryByRole('button', { name: 'Payment Received' }) !== null).toBe(pay);
    expect(screen.queryByRole('button', { name: 'Mark As Delivered' }) !== null).toBe(deliver);
  });

  it('marks an order paid, then delivered, and says Order Delivered', async () => {
    let order = makeOrder();
    const server = serveOrder(
      () => order,
      (url, req) => {
        if (url.pathname === '/api/orders/o1/pay' && req.method === 'PUT') {
          order = { ...order, isPaid: true, paidAt: '2026-11-20T14:05:00Z' };
          return { body: order };
        }
        if (url.pathname === '/api/orders/o1/deliver' && req.method === 'PUT') {
          order = { ...order, isDelivered: true, deliveredDate: '2026-11-22T04:30:00Z' };
          return { body: order };
        }
        return undefined;
      },
    );
    admin();
    const { user } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Payment Received' }));
    expect(await screen.findByText('Paid on 20/11/2026 at 7:35 pm')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payment Received' })).toBeNull();
    expect(server.requests.find((r) => r.path === '/api/orders/o1/pay')?.method).toBe('PUT');

    await user.click(screen.getByRole('button', { name: 'Mark As Delivered' }));
    expect(await screen.findByText('Order Delivered')).toBeInTheDocument();
    expect(await screen.findByText('Delivered on 22/11/2026 at 10:00 am')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark As Delivered' })).toBeNull();
  });

  it("shows the server's reason when marking fails", async () => {
    serveOrder(
      () => makeOrder(),
      (url) => (url.pathname === '/api/orders/o1/pay' ? { status: 409, body: { message: 'This order was cancelled' } } : undefined),
    );
    admin();
    const { user } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Payment Received' }));
    expect(await screen.findByText('This order was cancelled')).toBeInTheDocument();
  });
});

describe('OrderScreen: Pay Now', () => {
  afterEach(() => {
    delete window.Razorpay;
  });

  const paid = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_ABCDEFGHIJKLMN', razorpay_signature: 'sig' };

  /** An unpaid online order; the payment and verify calls answered as given. */
  function serveOnline(verify: { status?: number; body: unknown }) {
    let order = makeOnlineOrder();
    const server = serveOrder(
      () => order,
      (url, req) => {
        if (url.pathname === '/api/orders/o1/payment' && req.method === 'POST') {
          return { body: { key: 'rzp_test_key', razorpayOrderId: 'order_ABCDEFGHIJKLMN', amount: 92814, currency: 'INR' } };
        }
        if (url.pathname === '/api/orders/verifyPayment' && req.method === 'POST') {
          if ((verify.status ?? 200) === 200) order = { ...order, status: 'placed', isPaid: true, paidAt: '2026-11-20T14:05:00Z', paymentDueAt: null };
          return verify;
        }
        return undefined;
      },
    );
    return server;
  }

  it('pays through the widget, verifies the payment and shows it paid', async () => {
    const server = serveOnline({ body: { success: true, message: 'Payment Successful!' } });
    const seen = fakeRazorpay((o) => o.handler(paid));
    customer();
    const { user } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ key: 'rzp_test_key', order_id: 'order_ABCDEFGHIJKLMN', amount: 92814, currency: 'INR', name: 'Kurta Co' });
    expect(seen[0].prefill).toEqual({ name: 'Chitra Customer', email: 'customer@example.com', contact: '9000000003' });
    expect(server.requests.find((r) => r.path === '/api/orders/verifyPayment')?.body).toEqual({ ...paid, orderId: 'o1' });
    expect(await screen.findByText('Paid on 20/11/2026 at 7:35 pm')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull());
  });

  it('says beside Pay Now when payments are only simulated', async () => {
    serveOnline({ body: { success: true, message: 'Payment Successful!' } });
    customer();
    await openOrder();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(await screen.findByText('Test mode: payments are simulated, no money moves.')).toBeInTheDocument();
  });

  it("shows the widget's failure and leaves the order unpaid with Pay Now", async () => {
    const server = serveOnline({ body: { success: true, message: 'Payment Successful!' } });
    fakeRazorpay((_o, failed) => failed({ error: { description: 'Card declined' } }));
    customer();
    const { user } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Error: Card declined')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/orders/verifyPayment')).toBe(false);
    expect(screen.getByText('Payment not received yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled());
  });

  it('says Payment verification failed. when the server refuses the signature', async () => {
    serveOnline({ status: 400, body: { message: 'Payment verification failed.' } });
    fakeRazorpay((o) => o.handler(paid));
    customer();
    const { user } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Payment verification failed.')).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    expect(screen.getByText('Payment not received yet')).toBeInTheDocument();
  });

  it('does nothing when the widget is closed', async () => {
    const server = serveOnline({ body: { success: true, message: 'Payment Successful!' } });
    fakeRazorpay((o) => o.modal.ondismiss());
    customer();
    const { user } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled());
    expect(server.requests.some((r) => r.path === '/api/orders/verifyPayment')).toBe(false);
  });

  it.each([
    ['a cash-on-delivery order', makeOrder()],
    ['a paid online order', makeOnlineOrder({ status: 'placed', isPaid: true, paidAt: '2026-11-20T14:05:00Z', paymentDueAt: null })],
    ['an expired online order', makeOnlineOrder({ status: 'expired' })],
  ])('offers no Pay Now on %s', async (_name, order) => {
    serveOrder(() => order);
    customer();
    await openOrder();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it("offers no Pay Now to an admin looking at a customer's order", async () => {
    serveOrder(() => makeOnlineOrder());
    admin();
    await openOrder();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Payment Received' })).toBeInTheDocument();
  });
});
