import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import type { AdminUser } from './usersAdminApi';

const u = (o: Partial<AdminUser>): AdminUser => ({
  _id: 'u1',
  name: 'Meena Maker',
  email: 'meena@example.com',
  emailVerified: true,
  mobileNo: '9111111111',
  role: 'manufacturer',
  lastLoginAt: null,
  createdAt: '2026-11-01T10:00:00Z',
  ...o,
});

/** A page of GET /api/users. */
const page = (users: AdminUser[], pages = 1, n = 1) => ({ users, pages, page: n });

const admin = () => storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));

describe('UserListScreen', () => {
  it('lists name, mailto e-mail, mobile, role and verified mark, with edit links', async () => {
    mockApi((url) =>
      url.pathname === '/api/users'
        ? { body: page([u({}), u({ _id: 'u2', name: 'Ravi', email: 'ravi@example.com', emailVerified: false, role: 'customer' })]) }
        : undefined,
    );
    admin();
    renderApp('/admin/userlist');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    const [meena, ravi] = rows;
    expect(within(meena).getByRole('link', { name: 'meena@example.com' })).toHaveAttribute('href', 'mailto:meena@example.com');
    expect(meena).toHaveTextContent('9111111111');
    expect(meena).toHaveTextContent('manufacturer');
    expect(within(meena).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(ravi).getByRole('img', { name: 'Not verified' })).toBeInTheDocument();
    expect(within(ravi).getByRole('link', { name: 'Edit Ravi' })).toHaveAttribute('href', '/admin/user/u2/edit');
  });

  it('deletes a user after the confirm, says so and refreshes the list', async () => {
    let users = [u({}), u({ _id: 'u2', name: 'Ravi', email: 'ravi@example.com' })];
    const server = mockApi((url, req) => {
      if (url.pathname === '/api/users' && req.method === 'GET') return { body: page(users) };
      if (url.pathname === '/api/users/u2' && req.method === 'DELETE') {
        users = users.filter((x) => x._id !== 'u2');
        return { body: { message: 'Successfully deleted the user from database.' } };
      }
      return undefined;
    });
    admin();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp('/admin/userlist');
    await screen.findAllByTestId('user-row');
    await user.click(screen.getByRole('button', { name: 'Delete Ravi' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure to delete the user?');
    expect(await screen.findByText('Successfully deleted the user from database.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(server.requests.filter((r) => r.method === 'GET' && r.path === '/api/users')).toHaveLength(2);
  });

  it('deletes nothing when the confirm is declined', async () => {
    const server = mockApi((url) => (url.pathname === '/api/users' ? { body: page([u({})]) } : undefined));
    admin();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderApp('/admin/userlist');
    await user.click(await screen.findByRole('button', { name: 'Delete Meena Maker' }));
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it("does not offer to delete the admin's own account", async () => {
    mockApi((url) => (url.pathname === '/api/users' ? { body: page([u({ _id: 'u-admin', name: 'Asha Admin', role: 'admin' })]) } : undefined));
    admin();
    renderApp('/admin/userlist');
    expect(await screen.findByRole('button', { name: 'Delete Asha Admin' })).toBeDisabled();
  });

  it("shows the server's message in a red alert when the list cannot load", async () => {
    mockApi((url) => (url.pathname === '/api/users' ? { status: 500, body: { message: 'Database is down' } } : undefined));
    admin();
    renderApp('/admin/userlist');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database is down');
    expect(alert).toHaveClass('alert-danger');
  });

  it('asks for the page in the URL and links the others', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/users' ? { body: page([u({ name: 'Page Two' })], 3, Number(url.searchParams.get('pageNumber') ?? 1)) } : undefined,
    );
    admin();
    renderApp('/admin/userlist/2');
    expect(await screen.findByText('Page Two')).toBeInTheDocument();
    expect(server.calls).toContain('/api/users?pageNumber=2');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: '1' })).toHaveAttribute('href', '/admin/userlist');
    expect(within(pager).getByRole('link', { name: '3' })).toHaveAttribute('href', '/admin/userlist/3');
  });

  it('searches from the first page, keeps the keyword when paging, and says when nothing matches', async () => {
    const server = mockApi((url) => {
      if (url.pathname !== '/api/users') return undefined;
      const keyword = url.searchParams.get('keyword');
      if (keyword === 'nobody') return { body: page([]) };
      return { body: page([u({ name: keyword ? `Found ${keyword}` : 'Everyone' })], keyword ? 2 : 5, 1) };
    });
    admin();
    const { user } = renderApp('/admin/userlist/3');
    await screen.findByText('Everyone');
    await user.type(screen.getByRole('searchbox', { name: 'Search users by name, e-mail or mobile' }), '  priya ');
    await user.click(within(screen.getByRole('search', { name: 'Search users by name, e-mail or mobile' })).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Found priya')).toBeInTheDocument();
    expect(server.calls).toContain('/api/users?keyword=priya');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: '2' })).toHaveAttribute('href', '/admin/userlist/2?keyword=priya');

    const box = screen.getByRole('searchbox', { name: 'Search users by name, e-mail or mobile' });
    expect(box).toHaveValue('priya');
    await user.clear(box);
    await user.type(box, 'nobody{Enter}');
    expect(await screen.findByText('No users match "nobody".')).toBeInTheDocument();
  });
});
