import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { makeOnlineOrder, makeOrder, orderPage } from '../../test/orders';

describe('OrderListScreen', () => {
  it('lists every order with user, date, total, paid, delivered, status badges and details', async () => {
    mockApi((url) =>
      url.pathname === '/api/orders'
        ? {
            body: orderPage([
              makeOrder({ _id: 'o2', orderId: '100004', user: { _id: 'u2', name: 'Ravi Kumar', email: 'ravi@example.com' }, isPaid: true, paidAt: '2026-11-20T14:05:00Z' }),
              makeOnlineOrder({ status: 'expired', paymentFlagged: true }),
            ]),
          }
        : undefined,
    );
    storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));
    renderApp('/admin/orderlist');
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    const [ravi, expired] = await screen.findAllByTestId('admin-order-row');
    expect(ravi).toHaveTextContent('100004');
    expect(ravi).toHaveTextContent('Ravi Kumar');
    expect(ravi).toHaveTextContent('20/11/2026 at 1:45 pm');
    expect(ravi).toHaveTextContent('₹998.00');
    expect(within(ravi).getByTestId('paid-cell')).toHaveTextContent('20/11/2026 at 7:35 pm');
    expect(within(ravi).getByTestId('delivered-cell')).toHaveTextContent('Not delivered');
    expect(ravi).toHaveTextContent('Placed');
    expect(within(ravi).getByRole('link', { name: 'Details of order 100004' })).toHaveAttribute('href', '/order/o2');

    expect(within(expired).getByTestId('paid-cell')).toHaveTextContent('Not paid');
    expect(within(expired).getByText('Expired')).toHaveClass('badge');
    expect(within(expired).getByText('Payment flagged')).toHaveClass('badge');
  });

  it('counts what needs action, failed refunds too, and lists those orders at a click', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/orders'
        ? {
            body: {
              ...orderPage([
                makeOnlineOrder({ status: 'cancelled', refunds: [{ id: 'r1', amount: 278.07, status: 'failed', reference: 'rfnd_A', method: 'gateway' }] }),
              ]),
              needsAction: { awaitingConfirmation: 1, toShip: 4, returnRequested: 0, refundFailed: 2 },
            },
          }
        : undefined,
    );
    storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));
    const { router } = renderApp('/admin/orderlist');
    const needs = await screen.findByTestId('needs-action');
    expect(within(needs).getAllByRole('button').map((b) => b.textContent)).toEqual(['To confirm 1', 'To ship 4', 'Returns to decide 0', 'Refunds failed 2']);
    await userEvent.click(within(needs).getByRole('button', { name: 'Refunds failed 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=refundFailed'));
    await waitFor(() => expect(server.calls.some((c) => c.startsWith('/api/orders?') && c.includes('status=refundFailed'))).toBe(true));
    expect(screen.getByLabelText('Status')).toHaveValue('refundFailed');
    expect(within(screen.getByTestId('admin-order-row')).getByText('Refund failed')).toHaveClass('badge');
  });

  it('says so when there are no orders', async () => {
    mockApi((url) => (url.pathname === '/api/orders' ? { body: orderPage([]) } : undefined));
    storeUserInfo(makeUserInfo({ role: 'admin' }));
    renderApp('/admin/orderlist');
    expect(await screen.findByText('No orders match.')).toBeInTheDocument();
  });

  it('sends a customer to /login', async () => {
    const server = mockApi();
    storeUserInfo(makeUserInfo());
    const { router } = renderApp('/admin/orderlist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls).not.toContain('/api/orders');
  });
});
