import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESS } from '../../test/checkout';
import { mockApi, renderApp, type MockRequest } from '../../test/render';
import { signInAs } from '../../test/session';
import type { SavedAddress } from './addressesApi';

/** A server keeping one account's book, as the API does: one default, the default first. */
function bookServer(initial: SavedAddress[] = []) {
  let book = [...initial];
  let seq = 0;
  const order = () => [...book].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const handler = (url: URL, req: MockRequest) => {
    if (!url.pathname.startsWith('/api/users/addresses')) return undefined;
    const id = url.pathname.split('/')[4];
    const body = req.body as SavedAddress;
    if (req.method === 'GET') return { body: order() };
    if (req.method === 'DELETE') {
      book = book.filter((a) => a._id !== id);
      if (book.length && !book.some((a) => a.isDefault)) book[0].isDefault = true;
      return { body: { message: 'Address deleted' } };
    }
    if (body.isDefault || !book.length) book = book.map((a) => ({ ...a, isDefault: false }));
    const kept = { ...body, _id: id ?? `a${++seq}`, isDefault: body.isDefault || !book.length || Boolean(book.find((a) => a._id === id)?.isDefault) };
    book = id ? book.map((a) => (a._id === id ? kept : a)) : [...book, kept];
    return { status: id ? 200 : 201, body: kept };
  };
  return { handler, book: () => book };
}

const field = (form: HTMLElement, label: string | RegExp) => within(form).getByLabelText(label) as HTMLInputElement;

describe('AddressBookScreen', () => {
  it('adds an address with the basic details of the account, the pin code filling state and district', async () => {
    signInAs('customer');
    const server = bookServer();
    mockApi(server.handler);
    const { user } = renderApp('/addresses');
    expect(await screen.findByText(/no saved addresses yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'A new address' });
    expect(field(form, 'Name').value).toBe('Chitra Customer');
    await user.type(field(form, 'Address'), '14, 2nd Cross, Indiranagar');
    await user.type(field(form, 'City'), 'Bengaluru');
    await user.type(field(form, 'Pin Code'), '560038');
    await waitFor(() => expect(field(form, 'District').value).toBe('Bengaluru Urban'));
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    expect(within(list).getByText(/14, 2nd Cross, Indiranagar, Bengaluru, Bengaluru Urban, Karnataka 560038/)).toBeInTheDocument();
    expect(within(list).getByText('Default')).toBeInTheDocument();
    expect(server.book()).toMatchObject([{ shippingName: 'Chitra Customer', pinCode: '560038', landmark: '' }]);
  });

  it('checks an address as the shipping step does', async () => {
    signInAs('customer');
    mockApi(bookServer().handler);
    const { user } = renderApp('/addresses');
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'A new address' });
    await user.type(field(form, 'Address'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Address must be at least 10 characters')).toBeInTheDocument();
    expect(field(form, 'Address')).toHaveFocus();
  });

  it('changes, makes default and deletes addresses', async () => {
    signInAs('customer');
    const server = bookServer([
      { ...ADDRESS, _id: 'a1', city: 'Bengaluru', isDefault: true },
      { ...ADDRESS, _id: 'a2', address: '7 Temple Road, Mysuru', city: 'Mysuru', district: 'Mysuru', isDefault: false },
    ]);
    mockApi(server.handler);
    const { user } = renderApp('/addresses');
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const mysuru = () => within(list).getByText(/7 Temple Road/).closest('li')!;

    await user.click(within(mysuru()).getByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(server.book().find((a) => a._id === 'a2')?.isDefault).toBe(true));
    await waitFor(() => expect(within(mysuru()).getByText('Default')).toBeInTheDocument());

    await user.click(within(mysuru()).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Change the address' });
    expect(screen.queryByLabelText('Make this my default address')).not.toBeInTheDocument();
    await user.clear(field(form, 'City'));
    await user.type(field(form, 'City'), 'Mysore City');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(server.book().find((a) => a._id === 'a2')?.city).toBe('Mysore City'));

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const bengaluru = await within(list).findByText(/14, 2nd Cross/);
    await user.click(within(bengaluru.closest('li')!).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.book().map((a) => a._id)).toEqual(['a2']));
    await waitFor(() => expect(within(list).queryByText(/14, 2nd Cross/)).not.toBeInTheDocument());
  });
});
