import { expect, test } from '@playwright/test';
import { dialogFadedIn, expectNoHorizontalOverflow, rupees, screenshotPath, signInByApi } from './helpers';
import { findSize, placeOrder } from './orders';

test('a customer cancels a paid online order and sees the refund completed', async ({ page }) => {
  await signInByApi(page, 'customer@example.com');
  const choice = await findSize(page.request, 'inStock', 1);
  const order = await placeOrder(page, choice, { method: 'Razorpay' });
  const pay = await page.request.post('/api/payments/simulator/pay', { data: { order_id: order.razorpayOrderId, method: 'upi' } });
  expect(pay.ok()).toBeTruthy();

  await page.goto(`/order/${order._id}`);
  await expect(page.getByText(/^Paid on /)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${rupees(order.totalPrice)} is refunded`);
  await expect(dialog.getByRole('button', { name: 'Yes, cancel the order' })).toBeDisabled();
  await dialog.getByLabel('Why are you cancelling?').fill('Ordered the wrong size');
  await dialogFadedIn(page);
  await page.screenshot({ path: screenshotPath('order-cancel-dialog-desktop') });
  await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();

  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('order-cancelled')).toContainText('Ordered the wrong size');
  await expect(page.getByTestId('refunds')).toContainText(`Refund of ${rupees(order.totalPrice)}: Completed`);
  await expect(page.getByTestId('refunds')).toContainText('reference rfnd_');
  await page.screenshot({ path: screenshotPath('order-refunded-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('order-refunded-mobile'), fullPage: true });
});
