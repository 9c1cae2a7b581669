import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../test/render';

describe('ForgotPasswordScreen', () => {
  it('asks for the address first', async () => {
    const server = mockApi();
    const { user } = renderApp('/forgot');
    await user.click(await screen.findByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Please enter your email address to verify')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/users/sendOtp')).toHaveLength(0);
  });

  it('mails a new password after the code (SPEC.md), and points to sign-in', async () => {
    const server = mockApi((url, req) => {
      if (url.pathname === '/api/users/sendOtp') return { body: { success: true, message: 'OTP sent to asha@example.com' } };
      if (url.pathname === '/api/users/verifyOtp' && (req.body as { otp: string }).otp === '246810')
        return { body: { success: true, message: 'Please check your email for the new password.' } };
      return undefined;
    });
    const { user } = renderApp('/forgot');
    await user.click(await screen.findByRole('button', { name: 'Mail me one' }));
    await user.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('246810');

    await waitFor(() => expect(screen.getAllByText('Please check your email for the new password.').length).toBeGreaterThan(0));
    expect(server.requests.filter((r) => r.path.startsWith('/api/users/')).map((r) => r.body)).toEqual([
      { email: 'asha@example.com', reqType: 'resetPassword' },
      { email: 'asha@example.com', otp: '246810', reqType: 'resetPassword' },
    ]);
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's wait when a code was asked for too soon", async () => {
    mockApi((url) =>
      url.pathname === '/api/users/sendOtp'
        ? { status: 429, body: { message: 'Please wait 42 seconds before requesting a new OTP' } }
        : undefined,
    );
    const { user } = renderApp('/forgot');
    await user.click(await screen.findByRole('button', { name: 'Mail me one' }));
    await user.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Please wait 42 seconds before requesting a new OTP')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Failed to verify OTP' when the check cannot reach the server", async () => {
    mockApi((url) =>
      url.pathname === '/api/users/sendOtp'
        ? { body: { success: true, message: 'OTP sent' } }
        : url.pathname === '/api/users/verifyOtp'
          ? ('network-error' as never)
          : undefined,
    );
    const { user } = renderApp('/forgot');
    await user.click(await screen.findByRole('button', { name: 'Mail me one' }));
    await user.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('123456');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to verify OTP');
  });

  it('sets the password chosen once the code is right, by default', async () => {
    const server = mockApi((url, req) => {
      if (url.pathname === '/api/users/sendOtp') return { body: { success: true, message: 'OTP sent to asha@example.com' } };
      if (url.pathname === '/api/users/verifyOtp' && (req.body as { otp: string }).otp === '246810')
        return { body: { success: true, message: 'Your new password is set. Please sign in with it.' } };
      return undefined;
    });
    const { user } = renderApp('/forgot');
    expect(await screen.findByRole('button', { name: 'Choose a password' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await user.type(screen.getByLabelText('New Password'), 'chai-time-9');
    await user.type(screen.getByLabelText('Confirm Password'), 'chai-time-9');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('246810');

    await waitFor(() => expect(screen.getAllByText('Your new password is set. Please sign in with it.').length).toBeGreaterThan(0));
    expect(server.requests.filter((r) => r.path.startsWith('/api/users/')).map((r) => r.body)).toEqual([
      { email: 'asha@example.com', reqType: 'resetPassword' },
      { email: 'asha@example.com', otp: '246810', reqType: 'resetPassword', password: 'chai-time-9' },
    ]);
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['secret1', 'secret2', "Please retype the 'Confirm Password' correctly"],
    ['short', 'short', 'Your password must contains atleast 6 characters'],
    ['', '', 'Please fill all the fields'],
  ])('checks the new password (%s, %s) before any code is sent', async (password, confirm, message) => {
    const server = mockApi();
    const { user } = renderApp('/forgot');
    await user.type(await screen.findByLabelText('Email Address'), 'asha@example.com');
    if (password) await user.type(screen.getByLabelText('New Password'), password);
    if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/users/sendOtp')).toHaveLength(0);
  });
});
