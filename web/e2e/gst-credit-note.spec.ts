import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { setSeller } from './gst';
import { expectNoHorizontalOverflow, screenshotPath, signInByApi } from './helpers';
import { findSize, placeOrder, payAndDeliver } from './orders';

test('a customer returns one of two pieces and downloads its credit note beside the invoice', async ({ page }) => {
  await setSeller(page);
  await signInByApi(page, 'customer@example.com');
  const order = await placeOrder(page, await findSize(page.request, 'inStock', 2), { method: 'COD', qty: 2 });

  // Paid and delivered: the invoice is issued. The customer sends one piece back; the admin receives it.
  await payAndDeliver(page, order._id);
  await signInByApi(page, 'customer@example.com');
  const asked = await page.request.post(`/api/orders/${order._id}/return`, {
    data: { items: [{ product: order.product._id, size: order.size.size, qty: 1 }], reason: 'size' },
  });
  expect(asked.ok(), `return: ${await asked.text()}`).toBeTruthy();
  await signInByApi(page, 'admin@example.com');
  for (const decision of ['approve', 'received']) {
    const res = await page.request.put(`/api/orders/${order._id}/return`, { data: { decision } });
    expect(res.ok(), `${decision}: ${await res.text()}`).toBeTruthy();
  }

  await signInByApi(page, 'customer@example.com');
  await page.goto(`/order/${order._id}`);
  const documents = page.getByLabel('Tax documents');
  await expect(documents).toContainText(/Tax invoice HT\/\d{4}\/\d{6}/);
  await expect(documents).toContainText(/Credit note HT\/C\d{4}\/\d{5}/);
  const link = documents.getByRole('link', { name: /^Download credit note HT\/C\d{4}\/\d{5} \(PDF\)$/ });
  await expect(link).toHaveCount(1);
  await documents.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('order-credit-note-desktop'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`credit-note-${order.orderId}.pdf`);
  const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('Credit Note');
  expect(text).toContain('returned in part');
  expect(text).toMatch(/Against invoice\s+HT\/\d{4}\/\d{6}/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('order-credit-note-mobile'), fullPage: true });
});
