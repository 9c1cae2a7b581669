import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { SETTINGS_SAVED } from './SettingsSection';

const admin = () => storeUserInfo(makeUserInfo({ _id: 'u-admin', role: 'admin', name: 'Asha Admin' }));

describe('StoreSettingsScreen', () => {
  it('shows the returns note and saves only that part', async () => {
    const server = mockApi((url, req) => {
      if (url.pathname !== '/api/settings') return undefined;
      return req.method === 'PUT' ? { body: { returnsNote: 'Returns within 10 days.' } } : { body: { returnsNote: 'Easy returns.' } };
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

  it('says why a refused save was refused', async () => {
    mockApi((url, req) => {
      if (url.pathname !== '/api/settings') return undefined;
      return req.method === 'PUT'
        ? { status: 400, body: { message: 'The returns note can be at most 300 characters' } }
        : { body: { returnsNote: '' } };
    });
    admin();
    renderApp('/admin/settings');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save Returns' }));
    expect(await screen.findByText('The returns note can be at most 300 characters')).toBeInTheDocument();
  });

  it('edits the search synonyms, a group a line, and saves only them', async () => {
    const server = mockApi((url, req) => {
      if (url.pathname !== '/api/settings') return undefined;
      return req.method === 'PUT'
        ? { body: { returnsNote: 'Easy returns.', synonyms: [['kurta', 'kurti'], ['dupatta', 'chunni']] } }
        : { body: { returnsNote: 'Easy returns.', synonyms: [['kurta', 'kurti']] } };
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
