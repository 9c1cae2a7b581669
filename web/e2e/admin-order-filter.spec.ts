import { expect, test } from '@playwright/test';
import { createUser, expectNoHorizontalOverflow, screenshotPath, signInByApi, uniqueUser } from './helpers';
import { findSize, placeOrder, signInWithPassword } from './orders';

/** The day of a moment in India, as yyyy-mm-dd (the order list's date filter counts India's days). */
const indianDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(ms));

test("the admin finds orders by customer, status, number and day, and sees what needs action", async ({ page }) => {
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

  // By the day it was placed: that day finds it, with the customer's name too; the day before does not.
  const { createdAt } = (await (await page.request.get(`/api/orders/${order._id}`)).json()) as { createdAt: string };
  const day = indianDay(Date.parse(createdAt));
  const dayBefore = indianDay(Date.parse(createdAt) - 24 * 60 * 60 * 1000);
  const byDay = async (from: string, to: string) => {
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page).toHaveURL('/admin/orderlist');
    await page.getByLabel('Order number or customer').fill(user.name);
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  };
  await byDay(day, day);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order.orderId);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(day);
  await byDay(dayBefore, dayBefore);
  await expect(page.getByText('No orders match.')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await byDay(dayBefore, day);
  await expect(rows).toHaveCount(1);
  await page.screenshot({ path: screenshotPath('admin-order-filter-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('admin-order-filter-mobile'), fullPage: true });
});
