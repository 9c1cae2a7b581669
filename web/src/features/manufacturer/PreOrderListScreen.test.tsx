import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import type { Order } from '../orders';
import { makeOrder, makeOrderItem, orderPage } from '../../test/orders';

const preOrder = (o: Partial<Order> = {}) =>
  makeOrder({
    isPreOrder: true,
    preOrderFee: 24.95,
    orderItems: [makeOrderItem({ name: 'Classic Tee', variantColor: 'navy', size: 'XL', qty: 3, preOrder: true })],
    ...o,
  });

const maker = () => storeUserInfo(makeUserInfo({ _id: 'u-maker', role: 'manufacturer', name: 'Mohan Maker' }));

describe('PreOrderListScreen', () => {
  it('lists pre-orders with order id, date, items and customer', async () => {
    mockApi((url) => (url.pathname === '/api/orders/preorder' ? { body: orderPage([preOrder()]) } : undefined));
    maker();
    renderApp('/manufacturer/preorderlist');
    const row = await screen.findByTestId('preorder-row');
    expect(row).toHaveTextContent('100003');
    expect(row).toHaveTextContent('20/11/2026 at 1:45 pm');
    expect(row).toHaveTextContent('Classic Tee × 3navy · Size XL');
    expect(row).toHaveTextContent('Chitra Customer');
    expect(within(row).getByRole('button', { name: 'Mark Production Complete' })).toBeInTheDocument();
  });

  it('marks production complete after the confirm: the action goes and the date shows as yyyy-mm-dd', async () => {
    let orders = [preOrder()];
    const server = mockApi((url, req) => {
      if (url.pathname !== '/api/orders/preorder') return undefined;
      if (req.method === 'GET') return { body: orderPage(orders) };
      orders = [preOrder({ mfgDate: '2026-11-21T18:40:00.000Z' })];
      return { body: { data: { mfgDate: '2026-11-21T18:40:00.000Z', orderId: 'o1' } } };
    });
    maker();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp('/manufacturer/preorderlist');
    await user.click(await screen.findByRole('button', { name: 'Mark Production Complete' }));

    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('order 100003'));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ orderId: 'o1' });
    expect(await screen.findByTestId('mfg-date')).toHaveTextContent(/^2026-11-21$/);
    expect(screen.getByTestId('production-cell')).toHaveTextContent('Manufactured on 2026-11-21');
    expect(screen.queryByRole('button', { name: 'Mark Production Complete' })).toBeNull();
  });

  it('marks nothing when the confirm is declined', async () => {
    const server = mockApi((url) => (url.pathname === '/api/orders/preorder' ? { body: orderPage([preOrder()]) } : undefined));
    maker();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderApp('/manufacturer/preorderlist');
    await user.click(await screen.findByRole('button', { name: 'Mark Production Complete' }));
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('says the date may have been set anyway and to tell the admin when marking fails', async () => {
    mockApi((url, req) => {
      if (url.pathname !== '/api/orders/preorder') return undefined;
      if (req.method === 'GET') return { body: orderPage([preOrder()]) };
      return { status: 500, body: { message: 'Internal error' } };
    });
    maker();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp('/manufacturer/preorderlist');
    await user.click(await screen.findByRole('button', { name: 'Mark Production Complete' }));
    expect(
      await screen.findByText(/date may have been updated on the backend anyway: please report this to the admin/),
    ).toHaveTextContent('Marking production complete failed: Internal error.');
  });

  it('shows an already made pre-order with its date and no action', async () => {
    mockApi((url) => (url.pathname === '/api/orders/preorder' ? { body: orderPage([preOrder({ mfgDate: '2026-11-19T23:10:00Z' })]) } : undefined));
    storeUserInfo(makeUserInfo({ role: 'admin' }));
    renderApp('/manufacturer/preorderlist');
    expect(await screen.findByTestId('mfg-date')).toHaveTextContent('2026-11-19');
    expect(screen.queryByRole('button', { name: 'Mark Production Complete' })).toBeNull();
  });

  it('says so when there is nothing to make', async () => {
    mockApi((url) => (url.pathname === '/api/orders/preorder' ? { body: orderPage([]) } : undefined));
    maker();
    renderApp('/manufacturer/preorderlist');
    expect(await screen.findByText('No pre-orders to make right now.')).toBeInTheDocument();
  });

  it('pages through ?pageNumber=n', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/orders/preorder' ? { body: orderPage([preOrder()], Number(url.searchParams.get('pageNumber')), 3) } : undefined,
    );
    maker();
    renderApp('/manufacturer/preorderlist?pageNumber=2');
    await screen.findByTestId('preorder-row');
    expect(server.calls).toContain('/api/orders/preorder?pageNumber=2');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: '3' })).toHaveAttribute('href', '/manufacturer/preorderlist?pageNumber=3');
    expect(within(pager).getByRole('link', { name: '1' })).toHaveAttribute('href', '/manufacturer/preorderlist?pageNumber=1');
  });

  it('sends a customer to /login', async () => {
    mockApi();
    storeUserInfo(makeUserInfo());
    const { router } = renderApp('/manufacturer/preorderlist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
