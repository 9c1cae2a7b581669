import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

describe('Footer', () => {
  it('shows the brand, contact, social and policy links from the shop config', async () => {
    mockApi();
    renderApp('/nowhere');
    const footer = await screen.findByRole('contentinfo');

    expect(await within(footer).findByText('Made in India')).toBeInTheDocument();
    expect(within(footer).getByText('Cotton tees from small workshops.')).toBeInTheDocument();
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Kurta Co`)).toBeInTheDocument();

    expect(within(footer).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', testConfig.contact.whatsapp);
    expect(within(footer).getByRole('link', { name: 'Messenger' })).toHaveAttribute('href', testConfig.contact.messenger);
    expect(within(footer).getByRole('link', { name: 'Instagram direct' })).toHaveAttribute(
      'href',
      testConfig.contact.instagram,
    );
    const mail = within(footer).getByRole('link', { name: 'E-mail' });
    expect(mail).toHaveAttribute('href', testConfig.contact.email);
    expect(mail).not.toHaveAttribute('target');

    for (const [name, href] of [
      ['Instagram', testConfig.social.instagram],
      ['Facebook', testConfig.social.facebook],
      ['X', testConfig.social.x],
      ['Pinterest', testConfig.social.pinterest],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }

    for (const [name, href] of [
      ['Privacy Policy', testConfig.policies.privacy],
      ['Terms and Conditions', testConfig.policies.terms],
      ['Cancellation & Refund', testConfig.policies.refund],
      ['Shipping & Delivery', testConfig.policies.shipping],
    ]) {
      const link = within(footer).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('still shows a brand and copyright line when the config cannot be loaded', async () => {
    mockApi((url) => (url.pathname === '/api/config' ? { status: 500, body: { message: 'down' } } : undefined));
    renderApp('/nowhere');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Haat`)).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'Privacy Policy' })).not.toBeInTheDocument();
  });
});
