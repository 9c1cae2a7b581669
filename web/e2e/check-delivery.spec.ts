import { expect, test } from '@playwright/test';
import { apiGet, screenshotPath, signInByApi, type ApiPage } from './helpers';

// Pin codes no other journey ships to: Leh (Ladakh) unserved, Port Blair (Andaman) without COD.
const lists = { unservedPins: ['194'], codBlockedPins: ['744101'] };

test('the Check delivery box answers for a served, an unserved and a COD-blocked pin code', async ({ page }) => {
  await signInByApi(page, 'admin@example.com');
  const res = await page.request.put('/api/settings', { data: lists });
  expect(res.ok(), await res.text()).toBeTruthy();
  await page.request.post('/api/users/logout');

  const { products } = await apiGet<ApiPage>(page.request, '/api/products');
  await page.goto(`/product/${products[0]._id}`);
  const box = page.getByRole('form', { name: 'Check delivery' });
  const pin = box.getByLabel('Pin code');
  const answer = box.getByRole('status');

  await pin.fill('560038');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toHaveText('Delivery available to 560038, with cash on delivery.');

  await pin.fill('194101');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toHaveText('Sorry, we do not deliver to 194101 yet.');

  await pin.fill('744101');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toHaveText('Delivery available to 744101. Cash on delivery is not available there: please pay online.');
  await page.screenshot({ path: screenshotPath('check-delivery-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await answer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('check-delivery-mobile') });
});
