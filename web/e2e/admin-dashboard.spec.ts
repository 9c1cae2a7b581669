import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { dismissToasts, expectNoHorizontalOverflow, screenshotPath, signInByApi } from './helpers';
import { findSize, placeOrder } from './orders';

interface Summary {
  revenue: number;
  orders: number;
  needsAction: { key: string; count: number }[];
}

const wholeRupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(n);

test('an admin opens the dashboard with its charts and exports the orders of a day', async ({ page }) => {
  // A sale to see: the customer's COD order.
  await signInByApi(page, 'customer@example.com');
  const order = await placeOrder(page, await findSize(page.request, 'inStock'), { method: 'COD' });
  await page.request.post('/api/users/logout');

  await signInByApi(page, 'admin@example.com');
  await dismissToasts(page);
  await page.locator('#admin-menu').click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The figures are the server's, in Indian digit grouping.
  const summary = (await (await page.request.get('/api/reports/summary?days=30')).json()) as Summary;
  expect(summary.orders).toBeGreaterThan(0);
  await expect(page.getByTestId('figure-revenue')).toHaveText(wholeRupees(summary.revenue));
  await expect(page.getByTestId('figure-orders')).toHaveText(new Intl.NumberFormat('en-IN').format(summary.orders));
  // The customer's order waits in the panel: to be confirmed when it is the customer's first COD
  // order (issue 19), else to be shipped.
  const { status } = (await (await page.request.get(`/api/orders/${order._id}`)).json()) as { status: string };
  const [key, label] = status === 'awaitingConfirmation' ? ['awaitingConfirmation', 'Orders to confirm'] : ['toShip', 'Orders to ship'];
  const waiting = summary.needsAction.find((a) => a.key === key)!.count;
  expect(waiting).toBeGreaterThan(0);
  await expect(page.getByTestId('needs-action').getByRole('listitem').filter({ hasText: label })).toContainText(String(waiting));

  // The charts are drawn.
  for (const name of ['Revenue and orders per day', 'Revenue paid online and by COD', 'Top products by units', 'Top products by revenue']) {
    const chart = page.getByRole('img', { name });
    await expect(chart).toBeVisible();
    expect((await chart.boundingBox())!.height).toBeGreaterThan(50);
  }
  await page.screenshot({ path: screenshotPath('admin-dashboard-desktop'), fullPage: true });

  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');

  // Today's orders as CSV: the new order's line is in it.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`orders-${today}-to-${today}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toMatch(/^orderNumber,orderedAt,paidAt,deliveredAt,customer,/);
  const line = lines.find((l) => l.startsWith(`${order.orderId},`));
  expect(line, `order ${order.orderId} in\n${csv}`).toBeTruthy();
  // Its status as the order has it (issue 19's names), then whether it is paid: a COD order is not yet.
  expect(line).toContain(`,COD,${status},false,`);
  expect(line).toContain(`${order.totalPrice.toFixed(2)}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page.getByRole('img', { name: 'Revenue and orders per day' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('admin-dashboard-phone'), fullPage: true });
});
