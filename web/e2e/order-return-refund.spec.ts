import { expect, test } from '@playwright/test';
import { dialogFadedIn, expectNoHorizontalOverflow, screenshotPath, signInByApi } from './helpers';
import { findSize, placeOrder, payAndDeliver } from './orders';

test('a delivered order is returned: asked, approved, received, and refunded by hand', async ({ page }) => {
  await signInByApi(page, 'customer@example.com');
  const order = await placeOrder(page, await findSize(page.request, 'inStock', 2), { method: 'COD', qty: 2 });

  // Cash on delivery: paid and delivered.
  await payAndDeliver(page, order._id);

  // The customer asks to return one of the two.
  await signInByApi(page, 'customer@example.com');
  await page.goto(`/order/${order._id}`);
  await page.getByRole('button', { name: 'Request Return' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(`${order.product.name}, size ${order.size.size}`).selectOption('1');
  await dialog.getByLabel('Reason').selectOption('size');
  await dialogFadedIn(page);
  await page.screenshot({ path: screenshotPath('order-return-dialog-desktop') });
  await dialog.getByRole('button', { name: 'Request Return' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Return requested');

  // The admin approves it, marks the parcel received and enters the UPI reference of the refund.
  await signInByApi(page, 'admin@example.com');
  await page.goto(`/order/${order._id}`);
  await page.getByRole('button', { name: 'Approve Return' }).click();
  await page.getByRole('button', { name: 'Mark Received' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Returned');
  await page.getByRole('button', { name: 'Enter Refund' }).click();
  await page.getByRole('dialog').getByLabel('UPI reference or bank transfer note').fill('UPI 412345678901');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Refund' }).click();
  await expect(page.getByTestId('refunds')).toContainText('Completed · reference UPI 412345678901');

  // The customer sees the refund done.
  await signInByApi(page, 'customer@example.com');
  await page.goto(`/order/${order._id}`);
  await expect(page.getByTestId('refunds')).toContainText('Completed');
  await expect(page.getByTestId('return-state')).toContainText('received');
  await page.screenshot({ path: screenshotPath('order-returned-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('order-returned-mobile'), fullPage: true });
});
