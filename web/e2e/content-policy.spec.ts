import { expect, test, type Page } from '@playwright/test';
import { signInByApi, waitForServiceWorker } from './helpers';
import { addToCart, choosePayment, CUSTOMER, fillShipping, pickVariant } from './checkout-helpers';

/** Collects what the page's Content-Security-Policy refused, as Chromium reports it on the console. */
function violations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) seen.push(msg.text());
  });
  return seen;
}

test('the app, its service worker and the payment widget run under the content policy', async ({ page }) => {
  const refused = violations(page);
  const home = await page.goto('/');
  expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await waitForServiceWorker(page);

  const pick = await pickVariant(page.request, (sizes) => (sizes.some((s) => s.stock >= 2) ? sizes.filter((s) => s.stock >= 2) : null), 9);
  await signInByApi(page, CUSTOMER);
  await addToCart(page, pick, pick.sizes[0]);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await fillShipping(page);
  await choosePayment(page, 'Razorpay');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('dialog', { name: 'Razorpay payment (simulator)' })).toBeVisible();
  expect(refused).toEqual([]);
});
