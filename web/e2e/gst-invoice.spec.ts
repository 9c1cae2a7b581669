import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { screenshotPath, signInByApi } from './helpers';
import { findSize, placeOrder } from './orders';

/** A seller registered in Karnataka (GSTIN with a valid check character), set by the admin through the API. */
const seller = {
  legalName: 'Haat Apparel Private Limited',
  tradeName: 'Haat',
  gstin: '29ABCDE1234F1ZW',
  address: '5 Church Street, Bengaluru 560001',
  state: 'Karnataka',
  invoicePrefix: 'HT',
};

async function setSeller(page: Page) {
  await signInByApi(page, 'admin@example.com');
  const res = await page.request.put('/api/settings', { data: { seller } });
  expect(res.ok(), `save the seller: ${await res.text()}`).toBeTruthy();
  await page.request.post('/api/users/logout');
}

const widget = (page: Page) => page.getByRole('dialog', { name: 'Razorpay payment (simulator)' });

test('a customer downloads the GST invoice of an order paid online', async ({ page }) => {
  await setSeller(page);
  await signInByApi(page, 'customer@example.com');
  const order = await placeOrder(page, await findSize(page.request, 'inStock', 3), { method: 'Razorpay' });
  await page.goto(`/order/${order._id}`);
  await expect(page.getByRole('link', { name: 'Download invoice (PDF)' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await widget(page).getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();

  const link = page.getByRole('link', { name: 'Download invoice (PDF)' });
  await expect(link).toBeVisible();
  await expect(page.getByLabel('Tax documents')).toContainText(/Tax invoice HT\/\d{4}\/\d{6}/);
  await page.screenshot({ path: screenshotPath('order-invoice-desktop'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${order.orderId}.pdf`);
  const file = await download.path();
  const pdf = fs.readFileSync(file);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Tax Invoice');
  expect(text).toContain(seller.gstin);
  expect(text).toContain(order.product.name.slice(0, 20));
  expect(text).toMatch(/Total: ₹[\d,]+\.\d{2}/);
});
