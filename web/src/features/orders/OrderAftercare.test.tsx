import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { makeOnlineOrder, makeOrder } from '../../test/orders';
import type { Order } from './types';

/** Serves order o1 as `get` says it is now; PUT and POST answers come from `change`. */
function serve(get: () => Order, change: (path: string, body: unknown) => Order | undefined = () => undefined) {
  return mockApi((url, req) => {
    if (url.pathname === '/api/orders/o1' && req.method === 'GET') return { body: get() };
    if (url.pathname.startsWith('/api/orders/o1/')) {
      const after = change(url.pathname, req.body);
      return after ? { body: after } : { status: 409, body: { message: 'refused' } };
    }
    return undefined;
  });
}

const history = [
  { status: 'awaitingConfirmation' as const, at: '2026-11-20T08:15:00Z', by: 'Chitra Customer', note: '' },
  { status: 'placed' as const, at: '2026-11-20T09:00:00Z', by: 'Customer (e-mail link)', note: '' },
  { status: 'shipped' as const, at: '2026-11-21T09:00:00Z', by: 'Asha (admin)', note: 'Courier Delhivery, tracking number DL1' },
];

describe('OrderScreen after checkout', () => {
  it('greets the customer arriving from Place Order with the number and what happens next, neutrally', async () => {
    serve(() => makeOrder({ status: 'awaitingConfirmation' }));
    storeUserInfo(makeUserInfo());
    renderApp('/order/o1?placed=1');
    const banner = await screen.findByTestId('order-placed-banner');
    expect(banner).toHaveTextContent('Thank you, your order 100003 is placed.');
    expect(banner).toHaveTextContent('One step left: confirm it, then we pack it and e-mail you when it ships.');
    expect(screen.getByText('Payment not received yet')).not.toHaveClass('alert-danger');
    expect(screen.getByText('Yet to be deliver.')).not.toHaveClass('alert-danger');
    // On a phone the summary with Confirm Order comes first, not three screens down.
    expect(screen.getByRole('button', { name: 'Confirm Order' }).closest('.col-lg-4')).toHaveClass('order-first', 'order-lg-last');
  });

  it('shows the timeline, the courier and the tracking link', async () => {
    serve(() =>
      makeOrder({
        status: 'shipped',
        history,
        shipment: { courier: 'Delhivery', trackingNumber: 'DL1', trackingUrl: 'https://track.example/DL1', shippedAt: '2026-11-21T09:00:00Z' },
      }),
    );
    storeUserInfo(makeUserInfo());
    renderApp('/order/o1');
    const timeline = await screen.findByTestId('order-timeline');
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(3);
    expect(timeline).toHaveTextContent('Shipped');
    expect(timeline).toHaveTextContent('Asha (admin)');
    expect(screen.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', 'https://track.example/DL1');
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('lets the customer confirm a COD order', async () => {
    let order = makeOrder({ status: 'awaitingConfirmation' });
    const server = serve(
      () => order,
      (path) => (path === '/api/orders/o1/confirm' ? (order = { ...order, status: 'placed' }) : undefined),
    );
    storeUserInfo(makeUserInfo());
    renderApp('/order/o1');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Placed'));
    expect(server.requests.some((r) => r.method === 'PUT' && r.path === '/api/orders/o1/confirm')).toBe(true);
  });

  it('cancels a paid online order only after a reason and a confirmation, and shows the refund', async () => {
    let order = makeOnlineOrder({ status: 'placed', isPaid: true, paidAt: '2026-11-20T14:05:00Z', paymentDueAt: null });
    const server = serve(
      () => order,
      (path) =>
        path === '/api/orders/o1/cancel'
          ? (order = { ...order, status: 'cancelled', refunds: [{ id: 'r1', amount: 928.14, status: 'processed', reference: 'rfnd_X', method: 'gateway' }] })
          : undefined,
    );
    storeUserInfo(makeUserInfo());
    renderApp('/order/o1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('₹928.14 is refunded');
    const yes = within(dialog).getByRole('button', { name: 'Yes, cancel the order' });
    expect(yes).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Why are you cancelling?'), 'Wrong size');
    await userEvent.click(yes);
    expect(await screen.findByTestId('refunds')).toHaveTextContent('Refund of ₹928.14: Completed · reference rfnd_X');
    const sent = server.requests.find((r) => r.path === '/api/orders/o1/cancel');
    expect(sent?.body).toEqual({ reason: 'Wrong size' });
  });

  it('asks to return some units of a delivered order with a reason', async () => {
    let order = makeOrder({ status: 'delivered', isPaid: true, isDelivered: true, deliveredDate: '2026-11-22T04:30:00Z' });
    const server = serve(
      () => order,
      (path) => (path === '/api/orders/o1/return' ? (order = { ...order, status: 'returnRequested' }) : undefined),
    );
    storeUserInfo(makeUserInfo());
    renderApp('/order/o1');
    await userEvent.click(await screen.findByRole('button', { name: 'Request Return' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Classic Tee, size M'), '1');
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'quality');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Return' }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Return requested'));
    const sent = server.requests.find((r) => r.method === 'POST' && r.path === '/api/orders/o1/return');
    expect(sent?.body).toEqual({ items: [{ product: 'p1', size: 'M', qty: 1 }], reason: 'quality' });
  });

  it('gives an admin Ship with a courier form on a confirmed COD order', async () => {
    let order = makeOrder({ status: 'placed' });
    const server = serve(
      () => order,
      (path) => (path === '/api/orders/o1/ship' ? (order = { ...order, status: 'shipped' }) : undefined),
    );
    storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));
    renderApp('/order/o1');
    await userEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Courier'), 'Delhivery');
    await userEvent.type(within(dialog).getByLabelText('Tracking number'), 'DL1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Shipped'));
    const sent = server.requests.find((r) => r.path === '/api/orders/o1/ship');
    expect(sent?.body).toEqual({ courier: 'Delhivery', trackingNumber: 'DL1', trackingUrl: '' });
  });

  it('lets an admin confirm a COD order after a phone call', async () => {
    let order = makeOrder({ status: 'awaitingConfirmation' });
    const server = serve(
      () => order,
      (path) => (path === '/api/orders/o1/confirm' ? (order = { ...order, status: 'placed' }) : undefined),
    );
    storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));
    renderApp('/order/o1');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm (by phone)' }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Placed'));
    expect(server.requests.filter((r) => r.method === 'PUT' && r.path === '/api/orders/o1/confirm')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Confirm (by phone)' })).not.toBeInTheDocument();
  });

  it('lets an admin cancel a shipped order only with a reason, then shows it cancelled', async () => {
    let order = makeOrder({ status: 'shipped', history });
    const server = serve(
      () => order,
      (path) => (path === '/api/orders/o1/cancel' ? (order = { ...order, status: 'cancelled' }) : undefined),
    );
    storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));
    renderApp('/order/o1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel order 100003?');
    const yes = within(dialog).getByRole('button', { name: 'Yes, cancel the order' });
    expect(yes).toBeDisabled();
    expect(server.requests.some((r) => r.path === '/api/orders/o1/cancel')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Reason (the customer is told)'), 'Courier lost the parcel');
    await userEvent.click(yes);
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Cancelled'));
    expect(await screen.findByText('Order cancelled.')).toBeInTheDocument();
    const sent = server.requests.filter((r) => r.method === 'PUT' && r.path === '/api/orders/o1/cancel');
    expect(sent.map((r) => r.body)).toEqual([{ reason: 'Courier lost the parcel' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it("shows the server's message when it refuses an admin's cancellation, and keeps the order as it was", async () => {
    mockApi((url, req) => {
      if (url.pathname === '/api/orders/o1' && req.method === 'GET') return { body: makeOrder({ status: 'placed' }) };
      if (url.pathname === '/api/orders/o1/cancel') return { status: 409, body: { message: 'This order was cancelled' } };
      return undefined;
    });
    storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));
    renderApp('/order/o1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason (the customer is told)'), 'Out of stock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('This order was cancelled')).toBeInTheDocument();
    expect(screen.queryByText('Order cancelled.')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Placed');
  });

  it('lets an admin reject a return only with a note, which is sent', async () => {
    const requested = { items: [{ product: 'p1', size: 'M', qty: 1 }], reason: 'size' as const, status: 'requested' as const, note: '', requestedAt: '2026-11-23T04:30:00Z' };
    let order = makeOrder({ status: 'returnRequested', isPaid: true, isDelivered: true, deliveredDate: '2026-11-22T04:30:00Z', returns: [requested] });
    const server = serve(
      () => order,
      (path, body) =>
        path === '/api/orders/o1/return' && (body as { decision: string }).decision === 'reject'
          ? (order = { ...order, status: 'delivered', returns: [{ ...requested, status: 'rejected', note: 'The tag was removed' }] })
          : undefined,
    );
    storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));
    renderApp('/order/o1');
    expect(await screen.findByRole('button', { name: 'Approve Return' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Return' }));
    const dialog = await screen.findByRole('dialog');
    const reject = within(dialog).getByRole('button', { name: 'Reject Return' });
    expect(reject).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Why (the customer is told)'), 'The tag was removed');
    await userEvent.click(reject);
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Delivered'));
    const sent = server.requests.find((r) => r.method === 'PUT' && r.path === '/api/orders/o1/return');
    expect(sent?.body).toEqual({ decision: 'reject', note: 'The tag was removed' });
    expect(screen.queryByRole('button', { name: 'Approve Return' })).not.toBeInTheDocument();
  });

  it('lets an admin try again a refund the gateway failed, once, and shows both', async () => {
    const failed = { id: 'r1', amount: 928.14, status: 'failed' as const, reference: 'rfnd_A', method: 'gateway' as const };
    let order = makeOnlineOrder({ status: 'cancelled', isPaid: true, paidAt: '2026-11-20T14:05:00Z', paymentDueAt: null, refunds: [failed] });
    const server = serve(
      () => order,
      (path) =>
        path === '/api/orders/o1/refunds/r1/retry'
          ? (order = {
              ...order,
              refunds: [{ ...failed, retried: true }, { id: 'r2', amount: 928.14, status: 'processing', reference: 'rfnd_B', method: 'gateway' }],
            })
          : undefined,
    );
    storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));
    renderApp('/order/o1');
    expect(await screen.findByTestId('refunds')).toHaveTextContent('Refund of ₹928.14: Failed · reference rfnd_A');
    await userEvent.click(screen.getByRole('button', { name: 'Retry Refund' }));
    await waitFor(() => expect(screen.getByTestId('refunds')).toHaveTextContent('Refund of ₹928.14: In progress · reference rfnd_B'));
    expect(screen.getByTestId('refunds')).toHaveTextContent('Refund of ₹928.14: Failed, tried again · reference rfnd_A');
    expect(screen.queryByRole('button', { name: 'Retry Refund' })).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/api/orders/o1/refunds/r1/retry')).toHaveLength(1);
  });

  it('offers the customer no retry of a failed refund', async () => {
    const failed = { id: 'r1', amount: 928.14, status: 'failed' as const, reference: 'rfnd_A', method: 'gateway' as const };
    serve(() => makeOnlineOrder({ status: 'cancelled', isPaid: true, paidAt: '2026-11-20T14:05:00Z', paymentDueAt: null, refunds: [failed] }));
    storeUserInfo(makeUserInfo());
    renderApp('/order/o1');
    expect(await screen.findByTestId('refunds')).toHaveTextContent('Failed');
    expect(screen.queryByRole('button', { name: 'Retry Refund' })).not.toBeInTheDocument();
  });
});
