import { expect, test } from '@playwright/test';
import { rupees, signInByApi } from './helpers';
import {
  choosePayment,
  CUSTOMER,
  fillShipping,
  landedOnOrder,
  pickVariant,
  productUrl,
  shoot,
  type ApiOrder,
} from './checkout-helpers';

test('Pre Order of a sold-out size with cash on delivery adds the 5% pre-order fee', async ({ page }) => {
  const pick = await pickVariant(page.request, (sizes, p) =>
    p.price <= 9000 && sizes.some((s) => s.stock === 0) ? sizes.filter((s) => s.stock === 0) : null,
  );
  const size = pick.sizes[0];
  await signInByApi(page, CUSTOMER);

  await page.goto(productUrl(pick, size._id));
  await expect(page.getByText('Out Of Stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order Now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Pre Order' }).click();
  await fillShipping(page);

  // The payment step tells about the fee before it is chosen.
  const fee = Math.floor((Math.round(pick.product.price * 100) * 5 + 50) / 100) / 100;
  await expect(page.getByText(`A 5% pre-order fee (${rupees(fee)}) applies`)).toBeVisible();
  await choosePayment(page, 'Cash on Delivery');

  await expect(page.getByRole('heading', { name: 'Pre Order Item' })).toBeVisible();
  await expect(page.getByTestId('order-line')).toContainText('Pre-order');
  const breakup = page.getByTestId('price-breakup');
  await expect(breakup.locator('div', { hasText: 'Pre-order Fee' }).locator('dd')).toHaveText(rupees(fee));
  const shipping = pick.product.price >= 400 ? 0 : 50;
  const total = Math.round((pick.product.price + shipping + fee) * 100) / 100;
  await expect(page.getByTestId('order-total')).toHaveText(rupees(total));
  await shoot(page, 'placeorder-preorder');

  await page.getByRole('button', { name: 'Place Order' }).click();
  const id = await landedOnOrder(page);
  const order = (await (await page.request.get(`/api/orders/${id}`)).json()) as ApiOrder;
  expect(order.paymentMethod).toBe('COD');
  expect(order.preOrderFee).toBeCloseTo(fee, 2);
  expect(order.totalPrice).toBeCloseTo(total, 2);
  expect(order.orderItems).toEqual([expect.objectContaining({ product: pick.product._id, size: size.size, qty: 1, preOrder: true })]);
});
