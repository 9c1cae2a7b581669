import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCredentials } from '../../features/auth/authSlice';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

const header = () => screen.getByRole('banner');

describe('Header account menus', () => {
  it('titles the user menu with the name cut at 20 characters, holding Profile and Logout', async () => {
    mockApi();
    storeUserInfo(makeUserInfo({ name: 'Venkata Lakshmi Narasimha Rao' }));
    const { user } = renderApp('/nowhere');
    const toggle = await within(header()).findByRole('button', { name: 'Venkata Lakshmi Nara...' });
    expect(within(header()).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows a short name whole', async () => {
    mockApi();
    storeUserInfo(makeUserInfo({ name: 'Asha Rao' }));
    renderApp('/nowhere');
    expect(await within(header()).findByRole('button', { name: 'Asha Rao' })).toBeInTheDocument();
  });

  it('gives an admin the Admin and Manufacturer menus', async () => {
    mockApi();
    storeUserInfo(makeUserInfo({ role: 'admin', name: 'Asha Admin' }));
    const { user } = renderApp('/nowhere');
    await user.click(await within(header()).findByRole('button', { name: 'Admin' }));
    expect(await screen.findByRole('link', { name: 'Products' })).toHaveAttribute('href', '/admin/productlist');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/userlist');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orderlist');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Import products' })).toHaveAttribute('href', '/admin/productimport');
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/admin/audit');
    await user.click(within(header()).getByRole('button', { name: 'Manufacturer' }));
    const orders = await screen.findAllByRole('link', { name: 'Orders' });
    expect(orders.map((a) => a.getAttribute('href'))).toContain('/manufacturer/preorderlist');
  });

  it('gives a manufacturer only the Manufacturer menu, and a customer neither', async () => {
    mockApi();
    storeUserInfo(makeUserInfo({ role: 'manufacturer', name: 'Manoj Maker' }));
    const first = renderApp('/nowhere');
    const manufacturer = await within(header()).findByRole('button', { name: 'Manufacturer' });
    expect(within(header()).queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    await first.user.click(manufacturer);
    expect(await screen.findByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/manufacturer/preorderlist');
    first.unmount();

    storeUserInfo(makeUserInfo({ role: 'customer' }));
    renderApp('/nowhere');
    await within(header()).findByRole('button', { name: 'Chitra Customer' });
    expect(within(header()).queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'Manufacturer' })).not.toBeInTheDocument();
  });

  it('logs out: calls the endpoint, forgets the user, goes to /login and says so', async () => {
    const server = mockApi((url, req) =>
      url.pathname === '/api/users/logout' && req.method === 'POST' ? { body: { message: 'Logged out' } } : undefined,
    );
    storeUserInfo(makeUserInfo());
    const { user, router, store } = renderApp('/nowhere');
    await user.click(await within(header()).findByRole('button', { name: 'Chitra Customer' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('You have been logged Out successfully!')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST' && r.path === '/api/users/logout')).toBe(true);
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(within(header()).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('logs out from a signed-in-only page to plain /login', async () => {
    mockApi((url) =>
      url.pathname === '/api/users/logout'
        ? { body: { message: 'Logged out' } }
        : url.pathname === '/api/users/profile'
          ? { body: makeUserInfo() }
          : undefined,
    );
    storeUserInfo(makeUserInfo());
    const { user, router } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    await user.click(await within(header()).findByRole('button', { name: 'Chitra Customer' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('You have been logged Out successfully!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('keeps the user signed in and says so when logging out fails', async () => {
    mockApi((url) => (url.pathname === '/api/users/logout' ? 'network-error' : undefined));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    storeUserInfo(makeUserInfo());
    const { user, router, store } = renderApp('/nowhere');
    await user.click(await within(header()).findByRole('button', { name: 'Chitra Customer' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(
      await screen.findByText('Unable to log you out, you can check console for more details.'),
    ).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/nowhere');
    expect(store.getState().auth.userInfo).not.toBeNull();
    expect(screen.queryByText('You have been logged Out successfully!')).not.toBeInTheDocument();
  });

  it('shows the user signed out after navigating once the session has expired', async () => {
    mockApi();
    storeUserInfo(makeUserInfo());
    const { router, store } = renderApp('/nowhere');
    expect(await within(header()).findByRole('button', { name: 'Chitra Customer' })).toBeInTheDocument();
    act(() => {
      store.dispatch(setCredentials(makeUserInfo({}, -1000)));
    });
    await act(() => router.navigate('/elsewhere'));
    await waitFor(() => expect(within(header()).getByRole('link', { name: 'Sign In' })).toBeInTheDocument());
    // Dropped once the navigation is done (the page not found, whose code loads lazily, shows).
    await waitFor(() => expect(store.getState().auth.userInfo).toBeNull());
  });

  it('shows the user signed out after any 401 answer', async () => {
    mockApi((url) => (url.pathname === '/api/users/profile' ? { status: 401, body: { message: 'Not signed in' } } : undefined));
    storeUserInfo(makeUserInfo());
    renderApp('/profile');
    expect(await within(header()).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });
});
