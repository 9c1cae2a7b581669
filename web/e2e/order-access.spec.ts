import { expect, test } from '@playwright/test';
import { createUser, expectNoHorizontalOverflow, screenshotPath, signInByApi, uniqueUser } from './helpers';
import { findSize, placeOrder, signInWithPassword } from './orders';

test("a customer opening another customer's order sees the unauthorised view", async ({ page }) => {
  await signInByApi(page, 'customer@example.com');
  const order = await placeOrder(page, await findSize(page.request, 'inStock', 3), { method: 'COD' });

  const other = uniqueUser('Olga Other');
  createUser(other);
  await signInWithPassword(page, other.email, other.password);
  await page.goto(`/order/${order._id}`);
  await expect(page.getByRole('heading', { name: 'Unauthorised access' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Order not found');
  await expect(page.getByRole('alert')).toHaveClass(/alert-danger/);
  // Nothing of the order shows.
  await expect(page.getByText('12 MG Road, Indiranagar')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Order ${order.orderId}` })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('order-unauthorised-mobile'), fullPage: true });

  // Their own My Orders is empty.
  await page.goto('/profile');
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
  await expect(page.getByTestId('my-order-row')).toHaveCount(0);
});

test('a customer opening /admin/orderlist lands on /login; a guest opening an order is asked to sign in', async ({ page }) => {
  await signInByApi(page, 'customer@example.com');
  await page.goto('/admin/orderlist');
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Your account cannot open that page.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders' })).toHaveCount(0);

  await page.goto('/manufacturer/preorderlist');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Pre-orders' })).toHaveCount(0);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('userInfo'));
  await page.goto('/order/0123456789abcdef01234567');
  await expect(page).toHaveURL('/login?redirect=%2Forder%2F0123456789abcdef01234567');
});
