import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, loadAllImages, rupees, screenshotPath, signInByApi } from './helpers';
import { fetchOrder, findSize, INDIAN_DATE, placeOrder } from './orders';

test("an admin marks a customer's COD order paid and delivered; the customer's My Orders shows both dates", async ({ page }) => {
  // The customer orders one item, cash on delivery.
  await signInByApi(page, 'customer@example.com');
  const order = await placeOrder(page, await findSize(page.request, 'inStock'), { method: 'COD' });

  // The admin finds it in the order list…
  await signInByApi(page, 'admin@example.com');
  await page.goto('/admin/orderlist');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  const row = page.getByTestId('admin-order-row').filter({ hasText: order.orderId });
  await expect(row).toContainText('Chitra Customer');
  await expect(row).toContainText(rupees(order.totalPrice));
  await expect(row.getByTestId('paid-cell')).toContainText('Not paid');
  await expect(row.getByTestId('delivered-cell')).toContainText('Not delivered');
  await page.screenshot({ path: screenshotPath('admin-orderlist-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('admin-orderlist-mobile'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // …and opens it.
  await row.getByRole('link', { name: `Details of order ${order.orderId}` }).click();
  await expect(page).toHaveURL(`/order/${order._id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.orderId}` })).toBeVisible();
  await expect(page.getByText('Payment not received yet')).toBeVisible();
  await expect(page.getByText('Yet to be deliver.')).toBeVisible();
  await expect(page.getByTestId('order-item')).toContainText(order.product.name);
  await expect(page.getByTestId('order-summary')).toContainText(rupees(order.totalPrice));
  await expect(page.getByRole('button', { name: 'Mark As Delivered' })).toHaveCount(0);
  await loadAllImages(page);
  await page.screenshot({ path: screenshotPath('order-admin-desktop'), fullPage: true });

  await page.getByRole('button', { name: 'Payment Received' }).click();
  await expect(page.getByText(/^Paid on /)).toContainText(INDIAN_DATE);
  await expect(page.getByRole('button', { name: 'Payment Received' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark As Delivered' }).click();
  await expect(page.getByText('Order Delivered', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Delivered on /)).toContainText(INDIAN_DATE);
  await expect(page.getByRole('button', { name: 'Mark As Delivered' })).toHaveCount(0);
  const saved = await fetchOrder(page, order._id);
  expect(saved.isPaid && saved.isDelivered).toBe(true);

  // The customer sees both dates in My Orders on the profile, and on the order page.
  await signInByApi(page, 'customer@example.com');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  const mine = page.getByTestId('my-order-row').filter({ hasText: order.orderId });
  await expect(mine.getByTestId('paid-cell')).toHaveText(INDIAN_DATE);
  await expect(mine.getByTestId('delivered-cell')).toHaveText(INDIAN_DATE);
  await expect(mine).toContainText(rupees(order.totalPrice));
  await expect(mine.getByTestId('order-avatars').getByRole('img', { name: order.product.name })).toBeVisible();
  await loadAllImages(page);
  await page.screenshot({ path: screenshotPath('profile-my-orders-desktop'), fullPage: true });

  await mine.getByRole('link', { name: `Details of order ${order.orderId}` }).click();
  await expect(page).toHaveURL(`/order/${order._id}`);
  await expect(page.getByText(/^Delivered on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payment Received' })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await loadAllImages(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('order-customer-mobile'), fullPage: true });
  await page.goto('/profile');
  await expect(page.getByTestId('my-order-row').first()).toBeVisible();
  await loadAllImages(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('profile-my-orders-mobile'), fullPage: true });
});
