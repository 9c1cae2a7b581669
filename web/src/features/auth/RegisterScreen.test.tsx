import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp, type MockRequest } from '../../test/render';

type Api = (url: URL, req: MockRequest) => { status?: number; body: unknown } | undefined;

/** A server that mails codes, takes 123456, and signs up whoever verified. */
const happyServer: Api = (url, req) => {
  if (req.method !== 'POST') return undefined;
  switch (url.pathname) {
    case '/api/users/sendOtp':
      return { body: { success: true, message: `OTP sent to ${(req.body as { email: string }).email}` } };
    case '/api/users/verifyOtp':
      return (req.body as { otp: string }).otp === '123456'
        ? { body: { success: true, message: 'Email verified successfully!' } }
        : { status: 400, body: { message: 'OTP verification failed' } };
    case '/api/users': {
      const b = req.body as { name: string; email: string; mobileNo: string };
      return { status: 201, body: makeUserInfo({ _id: 'u-new', name: b.name, email: b.email, mobileNo: b.mobileNo, previousSession: null }) };
    }
    default:
      return undefined;
  }
};

async function open(route = '/register', api: Api = happyServer) {
  const server = mockApi(api);
  const app = renderApp(route);
  await screen.findByRole('heading', { name: 'Register' });
  const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
  return { ...app, server, field };
}

async function verifyEmail(ctx: Awaited<ReturnType<typeof open>>, email = 'asha@example.com') {
  await ctx.user.type(ctx.field('Email Address'), email);
  await ctx.user.click(screen.getByRole('button', { name: 'Verify' }));
  const first = await screen.findByRole('textbox', { name: 'Digit 1 of 6' });
  await ctx.user.click(first);
  await ctx.user.paste('123456');
  await screen.findByText('Email verified successfully!');
}

async function fillRest(ctx: Awaited<ReturnType<typeof open>>, o: Partial<Record<'name' | 'mobile' | 'password' | 'confirm', string>> = {}) {
  const { user, field } = ctx;
  if (o.name !== '') await user.type(field('Name'), o.name ?? 'Asha Rao');
  if (o.mobile !== '') await user.type(field('Mobile Number'), o.mobile ?? '9876543210');
  if (o.password !== '') await user.type(field('Password'), o.password ?? 'secret1');
  if (o.confirm !== '') await user.type(field('Confirm Password'), o.confirm ?? o.password ?? 'secret1');
}

const submit = (ctx: Awaited<ReturnType<typeof open>>) => ctx.user.click(screen.getByRole('button', { name: 'Register' }));
const signups = (ctx: Awaited<ReturnType<typeof open>>) => ctx.server.requests.filter((r) => r.path === '/api/users');

describe('RegisterScreen', () => {
  it('leaves the register form alone while the code is typed into its dialog', async () => {
    const ctx = await open();
    await ctx.user.type(ctx.field('Email Address'), 'asha@example.com');
    await ctx.user.click(screen.getByRole('button', { name: 'Verify' }));
    await ctx.user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await ctx.user.keyboard('12{Enter}');
    // The code's submit stays in the dialog: the half-filled form behind it is not sent.
    expect(await screen.findByText('Please enter a valid 6-digit OTP')).toBeInTheDocument();
    expect(screen.queryByText('Please fill all the fields')).not.toBeInTheDocument();
    expect(signups(ctx)).toHaveLength(0);
  });

  it('says to fill all the fields', async () => {
    const ctx = await open();
    await fillRest(ctx, { mobile: '' });
    await submit(ctx);
    expect(await screen.findByText('Please fill all the fields')).toBeInTheDocument();
    expect(signups(ctx)).toHaveLength(0);
  });

  it('shows a live hint while the confirm password differs, and refuses to send it', async () => {
    const ctx = await open();
    await verifyEmail(ctx);
    await fillRest(ctx, { password: 'secret1', confirm: 'secret' });
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(ctx.field('Confirm Password')).toHaveClass('is-invalid');
    await submit(ctx);
    expect(await screen.findByText("Please retype the 'Confirm Password' correctly")).toBeInTheDocument();
    await ctx.user.type(ctx.field('Confirm Password'), '1');
    expect(screen.queryByText('The passwords do not match')).not.toBeInTheDocument();
    expect(signups(ctx)).toHaveLength(0);
  });

  it('wants a password of at least 6 characters, and warns above 25', async () => {
    const ctx = await open();
    await verifyEmail(ctx);
    await fillRest(ctx, { password: '12345' });
    await submit(ctx);
    expect(await screen.findByText('Your password must contains atleast 6 characters')).toBeInTheDocument();

    await ctx.user.clear(ctx.field('Password'));
    await ctx.user.type(ctx.field('Password'), 'x'.repeat(26));
    expect(screen.getByText('Password should not be more than 25 characters')).toBeInTheDocument();
    expect(signups(ctx)).toHaveLength(0);
  });

  it('keeps the mobile number to digits, at most 10, and wants all 10', async () => {
    const ctx = await open();
    await ctx.user.type(ctx.field('Mobile Number'), '+91 98765-432109');
    expect(ctx.field('Mobile Number')).toHaveValue('9198765432');
    await ctx.user.clear(ctx.field('Mobile Number'));
    await verifyEmail(ctx);
    await fillRest(ctx, { mobile: '98765' });
    await submit(ctx);
    expect(await screen.findByText('Please re-check your mobile number')).toBeInTheDocument();
    expect(signups(ctx)).toHaveLength(0);
  });

  it('caps the name at 50 characters', async () => {
    const ctx = await open();
    await ctx.user.type(ctx.field('Name'), 'n'.repeat(55));
    expect(ctx.field('Name').value).toHaveLength(50);
  });

  it('enables Verify only for an address with an @ and a dot', async () => {
    const ctx = await open();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    expect(screen.getByText('Please enter your email address to verify')).toBeInTheDocument();
    await ctx.user.type(ctx.field('Email Address'), 'asha@example');
    expect(verify).toBeDisabled();
    await ctx.user.type(ctx.field('Email Address'), '.com');
    expect(verify).toBeEnabled();
    await ctx.user.clear(ctx.field('Email Address'));
    await ctx.user.type(ctx.field('Email Address'), 'asha.example.com');
    expect(verify).toBeDisabled();
  });

  it('will not sign up before the address is verified', async () => {
    const ctx = await open();
    await ctx.user.type(ctx.field('Email Address'), 'asha@example.com');
    await fillRest(ctx);
    await submit(ctx);
    expect(await screen.findByText('Please verify your email address with the OTP first')).toBeInTheDocument();
    expect(signups(ctx)).toHaveLength(0);
  });

  it('verifies the address with the code, locks it, signs up and goes to the redirect target', async () => {
    const ctx = await open('/register?redirect=/shipping');
    await verifyEmail(ctx);
    expect(ctx.server.requests).toContainEqual({
      method: 'POST',
      path: '/api/users/sendOtp',
      body: { email: 'asha@example.com', reqType: 'register' },
    });
    expect(ctx.server.requests).toContainEqual({
      method: 'POST',
      path: '/api/users/verifyOtp',
      body: { email: 'asha@example.com', otp: '123456', reqType: 'register' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(ctx.field('Email Address')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();

    await fillRest(ctx);
    await submit(ctx);
    await waitFor(() => expect(ctx.router.state.location.pathname).toBe('/shipping'));
    expect(signups(ctx)[0]).toEqual({
      method: 'POST',
      path: '/api/users',
      body: { name: 'Asha Rao', email: 'asha@example.com', mobileNo: '9876543210', password: 'secret1' },
    });
    expect(ctx.store.getState().auth.userInfo?._id).toBe('u-new');
    expect(JSON.parse(localStorage.getItem('userInfo')!).email).toBe('asha@example.com');
  });

  it("shows the server's reason when the code cannot be sent", async () => {
    const ctx = await open('/register', (url) =>
      url.pathname === '/api/users/sendOtp'
        ? { status: 409, body: { message: 'An account with this email already exists' } }
        : undefined,
    );
    await ctx.user.type(ctx.field('Email Address'), 'taken@example.com');
    await ctx.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Failed to send OTP' when the server cannot be reached", async () => {
    const ctx = await open('/register', (url) => (url.pathname === '/api/users/sendOtp' ? 'network-error' as never : undefined));
    await ctx.user.type(ctx.field('Email Address'), 'asha@example.com');
    await ctx.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to send OTP')).toBeInTheDocument();
  });

  it('shows a refused code in the dialog and keeps the address open', async () => {
    const ctx = await open();
    await ctx.user.type(ctx.field('Email Address'), 'asha@example.com');
    await ctx.user.click(screen.getByRole('button', { name: 'Verify' }));
    await ctx.user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await ctx.user.paste('000000');
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('OTP verification failed');
    expect(ctx.field('Email Address')).not.toHaveAttribute('readonly');
  });

  it('goes to the redirect target at once when already signed in', async () => {
    mockApi();
    storeUserInfo(makeUserInfo());
    const { router } = renderApp('/register?redirect=/cart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });
});
