import { expect, test } from '@playwright/test';
import { createUser, dialogFadedIn, expectNoHorizontalOverflow, newestMail, outboxMark, screenshotPath, signInByApi, uniqueUser } from './helpers';
import { findSize, placeOrder, signInWithPassword } from './orders';

test('a first-time COD customer confirms from the e-mailed link; the admin ships with tracking; the customer sees it', async ({ page }) => {
  const user = uniqueUser('First COD');
  createUser(user);
  await signInWithPassword(page, user.email, user.password);
  const mark = outboxMark();
  const order = await placeOrder(page, await findSize(page.request, 'inStock'), { method: 'COD' });

  // A first COD order waits for its confirmation; the mail carries a one-click link.
  const mail = await newestMail(user.email, { after: mark, filter: (m) => m.subject.includes('please confirm') });
  const link = /\/confirm-order\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(`/order/${order._id}`);
  await expect(page.getByTestId('confirm-needed')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Awaiting confirmation');

  await page.goto(link!);
  await expect(page).toHaveURL(`/order/${order._id}?confirmed=1`);
  await expect(page.getByTestId('order-confirmed')).toContainText(`your order ${order.orderId} is confirmed`);
  await expect(page.getByTestId('order-status')).toHaveText('Placed');

  // The admin ships it with a courier and a tracking link.
  await signInByApi(page, 'admin@example.com');
  await page.goto(`/order/${order._id}`);
  await page.getByRole('button', { name: 'Ship' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Courier').fill('Delhivery');
  await dialog.getByLabel('Tracking number').fill('DL20261125');
  await dialog.getByLabel('Tracking link').fill('https://www.delhivery.com/track/package/DL20261125');
  await dialogFadedIn(page);
  await page.screenshot({ path: screenshotPath('order-ship-dialog-desktop') });
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Shipped');

  // The customer sees the courier, the tracking link and the timeline, and is mailed the link.
  await signInWithPassword(page, user.email, user.password);
  await page.goto(`/order/${order._id}`);
  await expect(page.getByTestId('tracking')).toContainText('Delhivery');
  await expect(page.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', 'https://www.delhivery.com/track/package/DL20261125');
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline).toContainText('Customer (e-mail link)');
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  const shipped = await newestMail(user.email, { after: mark, filter: (m) => m.subject.includes('shipped') });
  expect(shipped.text).toContain('https://www.delhivery.com/track/package/DL20261125');
  await page.screenshot({ path: screenshotPath('order-shipped-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('order-shipped-mobile'), fullPage: true });
});
