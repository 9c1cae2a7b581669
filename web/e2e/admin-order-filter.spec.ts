import { expect, test } from '@playwright/test';
import { createUser, expectNoHorizontalOverflow, screenshotPath, signInByApi, uniqueUser } from './helpers';
import { findSize, placeOrder, signInWithPassword } from './orders';

test("the admin finds orders by customer and by status, and sees what needs action", async ({ page }) => {
  const user = uniqueUser('Filter Kumari');
  createUser(user);
  await signInWithPassword(page, user.email, user.password);
  const order = await placeOrder(page, await findSize(page.request, 'inStock'), { method: 'COD' });

  await signInByApi(page, 'admin@example.com');
  await page.goto('/admin/orderlist');
  await expect(page.getByTestId('needs-action')).toContainText('To confirm');

  await page.getByLabel('Order number or customer').fill(user.name);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/q=Filter/);
  const rows = page.getByTestId('admin-order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order.orderId);
  await expect(rows.first().getByTestId('order-status')).toHaveText('Awaiting confirmation');

  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('Status').selectOption('awaitingConfirmation');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/status=awaitingConfirmation/);
  await expect(rows.first()).toBeVisible();
  for (const status of await rows.getByTestId('order-status').allTextContents()) expect(status).toBe('Awaiting confirmation');

  await page.getByLabel('Order number or customer').fill(order.orderId);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(rows).toHaveCount(1);
  await page.screenshot({ path: screenshotPath('admin-order-filter-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('admin-order-filter-mobile'), fullPage: true });
});
