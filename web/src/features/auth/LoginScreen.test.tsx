import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

describe('LoginScreen', () => {
  it('signs in by mobile number with "stay logged in" and goes to the redirect target', async () => {
    const server = mockApi((url, req) =>
      url.pathname === '/api/users/auth' && req.method === 'POST'
        ? { body: makeUserInfo({ name: 'Asha Rao' }) }
        : url.pathname === '/api/users/profile'
          ? { body: makeUserInfo({ name: 'Asha Rao' }) }
          : undefined,
    );
    const { user, router, store } = renderApp('/login?redirect=/profile');
    await user.type(await screen.findByLabelText('Email or Mobile Number'), ' 9000000003 ');
    await user.type(screen.getByLabelText('Password'), 'haat-demo');
    await user.click(screen.getByLabelText('Stay logged in'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(server.requests.find((r) => r.path === '/api/users/auth')?.body).toEqual({
      loginId: '9000000003',
      password: 'haat-demo',
      loggedIn: true,
    });
    expect(store.getState().auth.userInfo?.name).toBe('Asha Rao');
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Asha Rao' })).toBeInTheDocument();
  });

  it('sends loggedIn false without "stay logged in", and goes home without a redirect', async () => {
    const server = mockApi((url) => (url.pathname === '/api/users/auth' ? { body: makeUserInfo() } : undefined));
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email or Mobile Number'), 'customer@example.com');
    await user.type(screen.getByLabelText('Password'), 'haat-demo');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect((server.requests.find((r) => r.path === '/api/users/auth')?.body as { loggedIn: boolean }).loggedIn).toBe(false);
  });

  it("shows the server's message in a red alert when the sign-in is refused", async () => {
    mockApi((url) =>
      url.pathname === '/api/users/auth'
        ? { status: 401, body: { message: 'Invalid email/mobile number or password' } }
        : undefined,
    );
    const { user, router, store } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email or Mobile Number'), 'customer@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email/mobile number or password');
    expect(alert).toHaveClass('alert-danger');
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.userInfo).toBeNull();
  });

  it('never redirects to another site', async () => {
    mockApi();
    storeUserInfo(makeUserInfo());
    const { router } = renderApp('/login?redirect=//evil.example.com/x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes to the redirect target at once when already signed in', async () => {
    mockApi();
    storeUserInfo(makeUserInfo());
    const { router } = renderApp('/login?redirect=/shipping');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
  });

  it('links to /register keeping the redirect, and to /forgot', async () => {
    mockApi();
    renderApp('/login?redirect=/shipping');
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?redirect=%2Fshipping');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot');
  });

  it('signs in with a one-time code sent to the account', async () => {
    const sent = 'If an account has 9000000003, we have sent a 6-digit code to it by SMS and to the account\'s e-mail address.';
    const server = mockApi((url, req) => {
      if (url.pathname === '/api/users/sendLoginCode') return { body: { success: true, message: sent } };
      if (url.pathname === '/api/users/authCode')
        return (req.body as { code: string }).code === '123456'
          ? { body: makeUserInfo({ name: 'Asha Rao' }) }
          : { status: 400, body: { message: 'OTP verification failed' } };
      return undefined;
    });
    const { user, router, store } = renderApp('/login?redirect=/cart');
    await user.click(await screen.findByRole('button', { name: 'One-time code' }));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email or Mobile Number'), ' 9000000003 ');
    await user.click(screen.getByLabelText('Stay logged in'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign in with a code' });
    expect(dialog).toHaveTextContent(sent);
    await user.click(within(dialog).getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('654321');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('OTP verification failed');
    await user.paste('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(store.getState().auth.userInfo?.name).toBe('Asha Rao');
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/users/sendLoginCode', { loginId: '9000000003' }],
      ['/api/users/authCode', { loginId: '9000000003', code: '654321', loggedIn: true }],
      ['/api/users/authCode', { loginId: '9000000003', code: '123456', loggedIn: true }],
    ]);
  });

  it('asks for the name to send a code to', async () => {
    const server = mockApi();
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'One-time code' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address or mobile number');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says why the server ended the session, on the sign-in page its page sent the user to', async () => {
    mockApi((url) =>
      url.pathname === '/api/users/profile'
        ? { status: 401, body: { message: 'Your password was changed by the shop. Please sign in again.', reason: 'passwordChangedByShop' } }
        : undefined,
    );
    storeUserInfo(makeUserInfo());
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your password was changed by the shop. Please sign in again.')).toBeInTheDocument();
  });
});
