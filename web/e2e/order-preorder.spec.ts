import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, loadAllImages, screenshotPath, signInByApi } from './helpers';
import { fetchOrder, findSize, placeOrder, payAndDeliver } from './orders';

test('a maker marks a pre-order produced; the customer sees the manufactured date', async ({ page }) => {
  // The customer pre-orders a sold-out size, cash on delivery (with the 5% pre-order fee).
  await signInByApi(page, 'customer@example.com');
  const order = await placeOrder(page, await findSize(page.request, 'soldOut'), { method: 'COD', preOrder: true });

  // A COD order waits for the customer's yes when it is their first (or a large one); until then it is
  // not one to make.
  if ((await fetchOrder(page, order._id)).status === 'awaitingConfirmation') {
    const confirmed = await page.request.put(`/api/orders/${order._id}/confirm`, { data: {} });
    expect(confirmed.ok(), `confirm: ${await confirmed.text()}`).toBeTruthy();
  }

  await page.goto(`/order/${order._id}`);
  await expect(page.getByTestId('pre-order-state')).toContainText('Awaiting manufacture');
  await expect(page.getByTestId('order-summary')).toContainText('Pre-order fee');

  // The maker sees it in the pre-order list and marks it made.
  await signInByApi(page, 'maker@example.com');
  await page.getByRole('button', { name: 'Manufacturer' }).click();
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL('/manufacturer/preorderlist');
  await expect(page.getByRole('heading', { name: 'Pre-orders' })).toBeVisible();
  const row = page.getByTestId('preorder-row').filter({ hasText: order.orderId });
  await expect(row).toContainText(order.product.name);
  await expect(row).toContainText(`Size ${order.size.size}`);
  await expect(row).toContainText('× 1');
  await expect(row).toContainText('Chitra Customer');
  await page.screenshot({ path: screenshotPath('preorderlist-desktop'), fullPage: true });

  // On a phone the order is a card, and its button stays inside it.
  await page.setViewportSize({ width: 390, height: 844 });
  const button = row.getByRole('button', { name: 'Mark Production Complete' });
  await button.scrollIntoViewIfNeeded();
  const card = (await row.boundingBox())!;
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(card.x);
  expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
  expect(box.y + box.height).toBeLessThanOrEqual(card.y + card.height);
  expect(card.x + card.width).toBeLessThanOrEqual(390);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('preorderlist-unmade-mobile'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await row.getByRole('button', { name: 'Mark Production Complete' }).click();
  await expect(row.getByRole('button', { name: 'Mark Production Complete' })).toHaveCount(0);
  expect(asked).toContain(order.orderId);
  const saved = await fetchOrderAsMaker(page, order._id);
  expect(saved).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  const day = saved.slice(0, 10);
  await expect(row.getByTestId('mfg-date')).toHaveText(day);
  await expect(page.getByText(`Production of order ${order.orderId} marked complete.`)).toBeVisible();
  await page.screenshot({ path: screenshotPath('preorderlist-marked-desktop'), fullPage: true });

  // After a reload the action stays gone.
  await page.reload();
  await expect(row.getByTestId('mfg-date')).toHaveText(day);
  await expect(row.getByRole('button', { name: 'Mark Production Complete' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('preorderlist-mobile'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The customer's order page shows the manufactured date.
  await signInByApi(page, 'customer@example.com');
  await page.goto(`/order/${order._id}`);
  await expect(page.getByTestId('pre-order-state')).toHaveText(`Pre-orderManufactured on ${day}`);
  expect((await fetchOrder(page, order._id)).mfgDate?.slice(0, 10)).toBe(day);
  await loadAllImages(page);
  await page.screenshot({ path: screenshotPath('order-preorder-desktop'), fullPage: true });

  // Paid and delivered, the admin's list says so, shows when it was made, keeps the customer's
  // name whole beside the long dates, and fits the screen.
  await payAndDeliver(page, order._id);
  await page.goto(`/admin/orderlist?q=${order.orderId}`);
  const listed = page.getByTestId('admin-order-row').filter({ hasText: order.orderId });
  await expect(listed.getByTestId('order-status')).toHaveText('Delivered');
  await expect(listed.getByTestId('pre-order-badge')).toHaveText(`Pre-order · made ${day}`);
  const name = listed.getByRole('cell', { name: 'Chitra Customer', exact: true });
  await expect(name).toBeVisible();
  expect(await linesOf(name), 'lines of the customer name').toBe(1);
  await expect(listed.getByRole('link', { name: `Details of order ${order.orderId}` })).toBeInViewport({ ratio: 1 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('admin-orderlist-preorder-desktop'), fullPage: true });
});

/** How many lines a cell's text takes on screen. */
async function linesOf(cell: import('@playwright/test').Locator): Promise<number> {
  return cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  });
}

/** The manufacture date as the pre-order list has it (the maker cannot open the order itself). */
async function fetchOrderAsMaker(page: import('@playwright/test').Page, id: string): Promise<string> {
  for (let n = 1; ; n++) {
    const res = await page.request.get(`/api/orders/preorder?pageNumber=${n}`);
    expect(res.ok()).toBeTruthy();
    const { orders, pages } = (await res.json()) as { orders: { _id: string; mfgDate: string | null }[]; pages: number };
    const found = orders.find((o) => o._id === id);
    if (found || n >= pages) return found?.mfgDate ?? '';
  }
}
