import { expect, test } from '@playwright/test';
import { shortHoldPort } from '../playwright.config';
import { apiGet, signInByApi, type ApiFullProduct } from './helpers';
import { findSize, placeOrder } from './orders';

// This shop gives a cash-on-delivery order 3 seconds to be confirmed (HAAT_COD_CONFIRM_WITHIN).
test.use({ baseURL: `http://127.0.0.1:${shortHoldPort}` });

const stockOf = async (page: import('@playwright/test').Page, productId: string, sizeId: string) => {
  const p = await apiGet<ApiFullProduct>(page.request, `/api/products/${productId}`);
  return p.variants.flatMap((v) => v.sizes).find((s) => s._id === sizeId)!.stock;
};

test('an unconfirmed COD order is cancelled when its time is up, and its stock returns', async ({ page }) => {
  await signInByApi(page, 'customer@example.com');
  const choice = await findSize(page.request, 'inStock');
  const before = await stockOf(page, choice.product._id, choice.size._id);
  const order = await placeOrder(page, choice, { method: 'COD', qty: 2 });
  expect(await stockOf(page, choice.product._id, choice.size._id)).toBe(before - 2);

  // Nobody confirms it. Once its time is up, the order page finds it cancelled.
  await expect
    .poll(
      async () => {
        await page.goto(`/order/${order._id}`);
        return page.getByTestId('order-status').textContent();
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBe('Cancelled');
  await expect(page.getByTestId('order-cancelled')).toContainText('Not paid or confirmed in time');
  await expect(page.getByRole('button', { name: 'Confirm Order' })).toHaveCount(0);
  expect(await stockOf(page, choice.product._id, choice.size._id)).toBe(before);
});
