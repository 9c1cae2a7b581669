import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, loadAllImages, rupees, screenshotPath, signInByApi } from './helpers';
import { fetchOrder, findSize, INDIAN_DATE, placeOrder } from './orders';

const widget = (page: Page) => page.getByRole('dialog', { name: 'Razorpay payment (simulator)' });

test('an unpaid online order is paid from its page through the payment widget', async ({ page }) => {
  await signInByApi(page, 'customer@example.com');
  const order = await placeOrder(page, await findSize(page.request, 'inStock', 1), { method: 'Razorpay' });
  expect(order.razorpayOrderId).toBeTruthy();

  await page.goto(`/order/${order._id}`);
  await expect(page.getByText('Payment not received yet')).toBeVisible();
  await expect(page.getByTestId('payment-due')).toContainText(INDIAN_DATE);
  await expect(page.getByTestId('order-summary')).toContainText('10% additional discount for online payment');
  await expect(page.getByTestId('order-summary')).toContainText(rupees(order.totalPrice));
  await loadAllImages(page);
  await page.screenshot({ path: screenshotPath('order-unpaid-online-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('order-unpaid-online-mobile'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(widget(page)).toContainText(rupees(order.totalPrice));
  await expect(widget(page)).toContainText('Chitra Customer');
  await widget(page).getByRole('button', { name: /^Pay ₹/ }).click();

  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await expect(page.getByText(/^Paid on /)).toContainText(INDIAN_DATE);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(page.getByTestId('payment-due')).toHaveCount(0);
  expect((await fetchOrder(page, order._id)).isPaid).toBe(true);
});

test('a failed payment in the widget says why and leaves the order unpaid, ready to pay again', async ({ page }) => {
  await signInByApi(page, 'customer@example.com');
  const order = await placeOrder(page, await findSize(page.request, 'inStock', 2), { method: 'Razorpay' });

  await page.goto(`/order/${order._id}`);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await widget(page).getByRole('button', { name: 'Fail payment' }).click();

  await expect(page.getByText('Error: Your payment was declined by the bank (simulated).')).toBeVisible();
  await expect(widget(page)).toHaveCount(0);
  await expect(page.getByText('Payment not received yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  expect((await fetchOrder(page, order._id)).isPaid).toBe(false);

  // It can still be paid afterwards.
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(widget(page)).toBeVisible();
  await widget(page).getByRole('button', { name: 'Close' }).click();
  await expect(widget(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
});
