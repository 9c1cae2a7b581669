import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp, type MockRequest } from '../../test/render';
import type { AdminUser } from './usersAdminApi';

const target: AdminUser = {
  _id: 'u-maker',
  name: 'Meena Maker',
  email: 'meena@example.com',
  emailVerified: true,
  mobileNo: '9111111111',
  role: 'customer',
  lastLoginAt: null,
  createdAt: '2026-11-01T10:00:00Z',
};

function serve(onPut?: (req: MockRequest) => void) {
  return mockApi((url, req) => {
    if (url.pathname === '/api/users/u-maker' && req.method === 'GET') return { body: target };
    if (url.pathname === '/api/users/u-maker' && req.method === 'PUT') {
      onPut?.(req);
      return { body: { ...target, ...(req.body as object) } };
    }
    if (url.pathname === '/api/users' && req.method === 'GET') return { body: { users: [target], pages: 1, page: 1 } };
    return undefined;
  });
}

async function open() {
  storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));
  const app = renderApp('/admin/user/u-maker/edit');
  await screen.findByDisplayValue('Meena Maker');
  return app;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('UserEditScreen', () => {
  it('changes the role, sets a generated password and goes back to the list', async () => {
    let put: MockRequest | undefined;
    serve((req) => (put = req));
    const { user, router } = await open();
    await user.selectOptions(screen.getByLabelText('Role'), 'manufacturer');
    const length = screen.getByLabelText('Length');
    await user.clear(length);
    await user.type(length, '14');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const generated = (screen.getByLabelText('Generated password') as HTMLInputElement).value;
    expect(generated).toHaveLength(14);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('User Details Updated Successfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/userlist'));
    expect(put?.body).toEqual({
      userId: 'u-maker',
      name: 'Meena Maker',
      email: 'meena@example.com',
      mobileNo: '9111111111',
      password: generated,
      role: 'manufacturer',
    });
  });

  it('keeps the password unless one was generated', async () => {
    let put: MockRequest | undefined;
    serve((req) => (put = req));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('User Details Updated Successfully.');
    expect((put?.body as { password: string }).password).toBe('');
  });

  it('holds the mobile number to 10 digits and wants all 10', async () => {
    const server = serve();
    const { user } = await open();
    const mobile = screen.getByLabelText('Mobile Number');
    await user.clear(mobile);
    await user.type(mobile, '98-765 432101');
    expect(mobile).toHaveValue('9876543210');
    await user.clear(mobile);
    await user.type(mobile, '98765');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findAllByText('Please re-check your mobile number')).not.toHaveLength(0);
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('warns about a length outside 6-25 and will not generate then', async () => {
    serve();
    const { user } = await open();
    const length = screen.getByLabelText('Length');
    await user.clear(length);
    await user.type(length, '5');
    expect(screen.getByText('Password should not be less than 6 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await user.clear(length);
    await user.type(length, '26');
    expect(screen.getByText('Password should not be more than 25 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await user.clear(length);
    await user.type(length, '25');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('copies the password, shows a check for 6 seconds, then the copy icon again', async () => {
    serve();
    const { user } = await open();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const generated = (screen.getByLabelText('Generated password') as HTMLInputElement).value;

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(writeText).toHaveBeenCalledWith(generated);
    expect(await screen.findByText('Passowrd Copied to Clipboard Successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(5_900);
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
  });

  it("says 'Failed to copy the text' when the clipboard refuses", async () => {
    serve();
    const { user } = await open();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(await screen.findByText('Failed to copy the text')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the update is refused", async () => {
    mockApi((url, req) => {
      if (url.pathname === '/api/users/u-maker' && req.method === 'GET') return { body: target };
      if (req.method === 'PUT') return { status: 409, body: { message: 'An account with this mobile number already exists' } };
      return undefined;
    });
    const { user, router } = await open();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('An account with this mobile number already exists')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user/u-maker/edit');
  });
});

describe('UserEditScreen, own account', () => {
  it("does not let an admin change their own role", async () => {
    const self: AdminUser = { ...target, _id: 'u-admin', name: 'Asha Admin', role: 'admin' };
    mockApi((url) => (url.pathname === '/api/users/u-admin' ? { body: self } : undefined));
    storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));
    renderApp('/admin/user/u-admin/edit');
    await screen.findByDisplayValue('Asha Admin');
    expect(screen.getByLabelText('Role')).toBeDisabled();
    expect(screen.getByText('You cannot change your own role.')).toBeInTheDocument();
  });
});
