import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { holdAnswers, mockApi, renderApp, withEffectsHeld, type MockRequest } from '../../test/render';
import type { UserInfo } from '../auth';

/** The server's profile: a save that answers with the details keeps them, as the real one does. */
function serve(profile: UserInfo, put?: (req: MockRequest) => { status?: number; body: unknown }) {
  let current = profile;
  return mockApi((url, req) => {
    if (url.pathname !== '/api/users/profile') return undefined;
    if (req.method === 'GET') return { body: current };
    const reply = put?.(req);
    if (reply && (reply.status ?? 200) === 200 && (reply.body as UserInfo)._id) current = reply.body as UserInfo;
    return reply;
  });
}

async function open(profile = makeUserInfo(), put?: (req: MockRequest) => { status?: number; body: unknown }) {
  const server = serve(profile, put);
  storeUserInfo(profile);
  const app = renderApp('/profile');
  await screen.findByRole('heading', { name: 'Profile' });
  return { ...app, server };
}

describe('ProfileScreen', () => {
  it('shows the details, a locked verified e-mail and the last sign-in in Indian time', async () => {
    await open(makeUserInfo({ previousSession: '2026-11-20T14:05:00Z' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Chitra Customer');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('9000000003');
    expect(screen.getByTestId('last-login')).toHaveTextContent(`Last signed in on ${formatDate('2026-11-20T14:05:00Z')}`);
    expect(screen.getByTestId('last-login')).toHaveTextContent('20/11/2026 at 7:35 pm');
  });

  it('saves the details, says so and renames the header', async () => {
    const { user, server } = await open(makeUserInfo(), (req) => ({
      body: makeUserInfo({ name: (req.body as { name: string }).name }),
    }));
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Chitra Devi');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile Updated Successfully.')).toBeInTheDocument();
    // At once, or after the read that follows the save when the screen's first read answered late.
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Chitra Devi' })).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      _id: 'u-customer',
      name: 'Chitra Devi',
      email: 'customer@example.com',
      mobileNo: '9000000003',
      password: '',
    });
  });

  it('keeps the saved details when the first read of the profile answers after the save', async () => {
    const profile = makeUserInfo();
    const server = serve(profile, (req) => ({ body: makeUserInfo({ name: (req.body as { name: string }).name }) }));
    // The screen's first read, held until the save has answered: the server's copy from before the
    // save, arriving last (a slow network; a busy test machine).
    const release = holdAnswers('GET', '/api/users/profile');
    storeUserInfo(profile);
    const { user, store } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Chitra Devi');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile Updated Successfully.')).toBeInTheDocument();
    release();
    // The profile is read again after the save, and that read has the last word.
    const reads = () => server.requests.filter((r) => r.method === 'GET' && r.path === '/api/users/profile').length;
    await waitFor(() => expect(reads()).toBe(2));
    await waitFor(() => expect(store.getState().auth.userInfo?.name).toBe('Chitra Devi'));
    await waitFor(() => expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Chitra Devi' })).toBeInTheDocument());
    expect(screen.getByLabelText('Name')).toHaveValue('Chitra Devi');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads()).toBe(2);
    expect(store.getState().auth.userInfo?.name).toBe('Chitra Devi');
  });

  it('keeps a key typed after the fresh profile came, before the form was filled from it', async () => {
    serve(makeUserInfo({ previousSession: '2026-11-20T14:05:00Z' }));
    const release = holdAnswers('GET', '/api/users/profile');
    storeUserInfo(makeUserInfo());
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    await withEffectsHeld(async () => {
      release();
      // The server's copy is on screen (its last sign-in); filling the form from it waits.
      await screen.findByText(/^Last signed in on/);
      fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Chitra Devi' } });
    });
    expect(screen.getByLabelText('Name')).toHaveValue('Chitra Devi');
  });

  it('signs the user out to /login after a password change', async () => {
    const { user, router, store } = await open(makeUserInfo(), () => ({
      body: {
        loggedOut: true,
        message: 'Profile Updated Successfully. Please login again with your updated login details',
      },
    }));
    await user.type(screen.getByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Profile Updated Successfully. Please login again with your updated login details'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(store.getState().auth.userInfo).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('applies the password rules only when a new password is typed', async () => {
    const { user, server } = await open();
    await user.type(screen.getByLabelText('New Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm New Password'), 'abd');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText("Please retype the 'Confirm Password' correctly")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Your password must contains atleast 6 characters')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('keeps the mobile number to digits and warns above 10', async () => {
    const { user } = await open();
    const mobile = screen.getByLabelText('Mobile Number');
    await user.type(mobile, '1x');
    expect(mobile).toHaveValue('90000000031');
    expect(screen.getByText('Your mobile number should not be more than 10 digits')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please re-check your mobile number')).toBeInTheDocument();
  });

  it('lets an unverified e-mail be verified with a code', async () => {
    let verified = false;
    mockApi((url, req) => {
      if (url.pathname === '/api/users/profile') return { body: makeUserInfo({ emailVerified: verified }) };
      if (url.pathname === '/api/users/sendOtp') return { body: { success: true, message: 'OTP sent' } };
      if (url.pathname === '/api/users/verifyOtp') {
        expect(req.body).toEqual({ email: 'customer@example.com', otp: '112233', reqType: 'register' });
        verified = true;
        return { body: { success: true, message: 'Email verified successfully!' } };
      }
      return undefined;
    });
    storeUserInfo(makeUserInfo({ emailVerified: false }));
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('112233');
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly'));
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });
});
