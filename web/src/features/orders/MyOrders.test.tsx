import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { makeOnlineOrder, makeOrder, makeOrderItem, orderPage } from '../../test/orders';
import type { Order } from './types';

function openProfile(orders: Order[] | { status: number; body: unknown }) {
  const profile = makeUserInfo();
  const server = mockApi((url) => {
    if (url.pathname === '/api/users/profile') return { body: profile };
    if (url.pathname === '/api/orders/myorders') return Array.isArray(orders) ? { body: orderPage(orders) } : orders;
    return undefined;
  });
  storeUserInfo(profile);
  return { ...renderApp('/profile'), server };
}

describe('My Orders on the profile', () => {
  it('lists each order with avatars, id, date, total, paid and delivered dates or a red ✗, and a details link', async () => {
    openProfile([
      makeOrder({
        _id: 'o2',
        orderId: '100004',
        createdAt: '2026-11-21T06:00:00Z',
        totalPrice: 1048.5,
        isPaid: true,
        paidAt: '2026-11-20T14:05:00Z',
        isDelivered: true,
        deliveredDate: '2026-11-22T04:30:00Z',
        orderItems: [
          makeOrderItem({ name: 'Classic Tee', images: ['/uploads/a.png'] }),
          makeOrderItem({ name: 'Polo', images: ['/uploads/b.png'] }),
          makeOrderItem({ name: 'Henley', images: ['/uploads/c.png'] }),
          makeOrderItem({ name: 'Kurta', images: ['/uploads/d.png'] }),
        ],
      }),
      makeOnlineOrder({ status: 'expired' }),
    ]);
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('my-order-row');
    expect(rows).toHaveLength(2);
    const [done, expired] = rows;

    const avatars = within(done).getByTestId('order-avatars');
    expect(within(avatars).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Classic Tee', 'Polo', 'Henley']);
    expect(avatars).toHaveTextContent('+1');
    expect(done).toHaveTextContent('100004');
    expect(done).toHaveTextContent('21/11/2026 at 11:30 am');
    expect(done).toHaveTextContent('₹1,048.50');
    expect(within(done).getByTestId('paid-cell')).toHaveTextContent('20/11/2026 at 7:35 pm');
    expect(within(done).getByTestId('delivered-cell')).toHaveTextContent('22/11/2026 at 10:00 am');
    expect(within(done).getByRole('link', { name: 'Details of order 100004' })).toHaveAttribute('href', '/order/o2');

    expect(expired).toHaveTextContent('100003');
    expect(expired).toHaveTextContent('Expired');
    expect(within(expired).getByTestId('paid-cell')).toHaveTextContent('Not paid');
    expect(within(expired).getByTestId('paid-cell').firstElementChild).toHaveClass('not-yet');
    expect(within(expired).getByTestId('delivered-cell')).toHaveTextContent('Not delivered');
    expect(within(expired).getByRole('link', { name: 'Details of order 100003' })).toHaveAttribute('href', '/order/o1');
  });

  it('says so when there are no orders yet', async () => {
    openProfile([]);
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('my-order-row')).toBeNull();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
  });

  it("shows the server's message when the orders cannot load", async () => {
    openProfile({ status: 500, body: { message: 'Database is down' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database is down');
  });
});

describe('My Orders timeline', () => {
  it('folds each order’s history under its number', async () => {
    openProfile([
      makeOrder({
        status: 'shipped',
        history: [
          { status: 'placed', at: '2026-11-20T08:15:00Z', by: 'Chitra Customer', note: '' },
          { status: 'shipped', at: '2026-11-21T09:00:00Z', by: 'Asha (admin)', note: 'Courier Delhivery, tracking number DL1' },
        ],
      }),
    ]);
    const row = await screen.findByTestId('my-order-row');
    expect(within(row).getByTestId('order-status')).toHaveTextContent('Shipped');
    const timeline = within(row).getByTestId('order-timeline');
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    expect(timeline).toHaveTextContent('Courier Delhivery, tracking number DL1');
  });
});
