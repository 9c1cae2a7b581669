import { expect, type Page } from '@playwright/test';
import { signInByApi } from './helpers';

/** A seller registered in Karnataka (GSTIN with a valid check character). */
export const seller = {
  legalName: 'Haat Apparel Private Limited',
  tradeName: 'Haat',
  gstin: '29ABCDE1234F1ZW',
  address: '5 Church Street, Bengaluru 560001',
  state: 'Karnataka',
  invoicePrefix: 'HT',
};

/** Registers the shop for GST as the admin, through the API, and signs out. */
export async function setSeller(page: Page) {
  await signInByApi(page, 'admin@example.com');
  const res = await page.request.put('/api/settings', { data: { seller } });
  expect(res.ok(), `save the seller: ${await res.text()}`).toBeTruthy();
  await page.request.post('/api/users/logout');
}
