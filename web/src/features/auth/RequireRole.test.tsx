import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { setCredentials } from './authSlice';

const profileReply = (url: URL) =>
  url.pathname === '/api/users/profile' ? { body: makeUserInfo() } : undefined;

describe('RequireRole', () => {
  it('sends a guest to /login with the page to come back to', async () => {
    mockApi();
    const { router } = renderApp('/profile?tab=orders');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profile?tab=orders');
  });

  it('lets a signed-in user see a page for any signed-in user', async () => {
    mockApi(profileReply);
    storeUserInfo(makeUserInfo());
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('clears an expired session and sends the user to /login', async () => {
    mockApi(profileReply);
    storeUserInfo(makeUserInfo());
    const { router, store } = renderApp('/');
    // The session runs out while the page is open.
    act(() => {
      store.dispatch(setCredentials(makeUserInfo({}, -1000)));
    });
    await act(() => router.navigate('/profile'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fprofile');
    expect(store.getState().auth.userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('sends a user of the wrong role to /login, and keeps them there with the reason', async () => {
    mockApi();
    storeUserInfo(makeUserInfo({ role: 'customer' }));
    const { router } = renderApp('/admin/userlist');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(screen.getByText(/Your account cannot open that page/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('does not let a manufacturer into the admin pages either', async () => {
    mockApi();
    storeUserInfo(makeUserInfo({ role: 'manufacturer' }));
    const { router } = renderApp('/admin/user/u1/edit');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets an admin in', async () => {
    mockApi((url) => (url.pathname === '/api/users' ? { body: { users: [], pages: 1, page: 1 } } : undefined));
    storeUserInfo(makeUserInfo({ role: 'admin' }));
    renderApp('/admin/userlist');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
  });
});
