import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { NO_GSTIN } from './SellerSection';
import { SETTINGS_SAVED } from './SettingsSection';

const seller = { legalName: '', tradeName: '', gstin: '', address: '', state: '', invoicePrefix: 'INV' };
const settings = (fields: object) => ({ returnsNote: '', sizeChart: '', synonyms: [], seller, unservedPins: [], codBlockedPins: [], ...fields });

const admin = () => storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));

describe('StoreSettingsScreen', () => {
  it('shows the returns note and saves only that part', async () => {
    const server = mockApi((url, req) => {
      if (url.pathname !== '/api/settings') return undefined;
      return req.method === 'PUT' ? { body: settings({ returnsNote: 'Returns within 10 days.' }) } : { body: settings({ returnsNote: 'Easy returns.' }) };
    });
    admin();
    renderApp('/admin/settings');
    const note = await screen.findByLabelText('Returns note');
    expect(note).toHaveValue('Easy returns.');
    const user = userEvent.setup();
    await user.clear(note);
    await user.type(note, 'Returns within 10 days.');
    await user.click(screen.getByRole('button', { name: 'Save Returns' }));
    expect(await screen.findByText(SETTINGS_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ returnsNote: 'Returns within 10 days.' });
  });

  it("saves the shop's size chart on its own", async () => {
    const server = mockApi((url, req) =>
      url.pathname === '/api/settings' ? { body: settings({ returnsNote: 'Easy returns.', sizeChart: req.method === 'PUT' ? 'M: 40' : '' }) } : undefined,
    );
    admin();
    renderApp('/admin/settings');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Size chart'), 'M: 40');
    await user.click(screen.getByRole('button', { name: 'Save Size Chart' }));
    expect(await screen.findByText(SETTINGS_SAVED)).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ sizeChart: 'M: 40' });
  });

  it('says why a refused save was refused', async () => {
    mockApi((url, req) => {
      if (url.pathname !== '/api/settings') return undefined;
      return req.method === 'PUT'
        ? { status: 400, body: { message: 'The returns note can be at most 300 characters' } }
        : { body: settings({}) };
    });
    admin();
    renderApp('/admin/settings');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save Returns' }));
    expect(await screen.findByText('The returns note can be at most 300 characters')).toBeInTheDocument();
  });

  it('warns that a shop without a GSTIN issues no invoices, and saves the seller', async () => {
    const server = mockApi((url) => (url.pathname === '/api/settings' ? { body: settings({}) } : undefined));
    admin();
    renderApp('/admin/settings');
    expect(await screen.findByText(NO_GSTIN)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Legal name'), 'Haat Apparel Private Limited');
    await user.type(screen.getByLabelText('GSTIN'), '29abcde1234f1zw');
    await user.type(screen.getByLabelText('Registered address'), '5 Church Street, Bengaluru');
    await user.selectOptions(screen.getByLabelText('State of registration'), 'Karnataka');
    await user.click(screen.getByRole('button', { name: 'Save Seller details' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      seller: { ...seller, legalName: 'Haat Apparel Private Limited', gstin: '29ABCDE1234F1ZW',
        address: '5 Church Street, Bengaluru', state: 'Karnataka' },
    });
  });

  it('saves the delivery lists as lists of pin codes', async () => {
    const server = mockApi((url) => (url.pathname === '/api/settings' ? { body: settings({ unservedPins: ['79'] }) } : undefined));
    admin();
    renderApp('/admin/settings');
    const cod = await screen.findByLabelText('Pin codes without cash on delivery');
    expect(screen.getByLabelText('Pin codes not served')).toHaveValue('79');
    const user = userEvent.setup();
    await user.type(cod, '560038,  110001\n4000');
    await user.click(screen.getByRole('button', { name: 'Save Delivery' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      unservedPins: ['79'],
      codBlockedPins: ['560038', '110001', '4000'],
    });
  });

  it('edits the search synonyms, a group a line, and saves only them', async () => {
    const server = mockApi((url, req) => {
      if (url.pathname !== '/api/settings') return undefined;
      return req.method === 'PUT'
        ? { body: settings({ returnsNote: 'Easy returns.', synonyms: [['kurta', 'kurti'], ['dupatta', 'chunni']] }) }
        : { body: settings({ returnsNote: 'Easy returns.', synonyms: [['kurta', 'kurti']] }) };
    });
    admin();
    renderApp('/admin/settings');
    const field = await screen.findByLabelText('Synonyms');
    expect(field).toHaveValue('kurta, kurti');
    const user = userEvent.setup();
    await user.type(field, '{Enter}dupatta,  chunni ,{Enter}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save Search synonyms' }));
    expect(await screen.findByText(SETTINGS_SAVED)).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      synonyms: [
        ['kurta', 'kurti'],
        ['dupatta', 'chunni'],
      ],
    });
  });
});
