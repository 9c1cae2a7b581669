import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seller, setSeller } from './gst';
import { screenshotPath, signInByApi } from './helpers';
import { findSize, placeOrder } from './orders';

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
