import { expect, test } from '@playwright/test';
import { rupees, signInByApi } from './helpers';
import { choosePayment, CUSTOMER, fillShipping, landedOnOrder, pickVariant, productUrl, type ApiOrder } from './checkout-helpers';

test('Order Now buys one item on its own with cash on delivery, leaving the cart alone', async ({ page }) => {
  const cartPick = await pickVariant(page.request, (sizes) => (sizes.some((s) => s.stock >= 3) ? sizes.filter((s) => s.stock >= 3) : null), 3);
  const pick = await pickVariant(
    page.request,
    (sizes, p) => (p._id !== cartPick.product._id && p.price <= 9000 && sizes.some((s) => s.stock >= 3) ? sizes.filter((s) => s.stock >= 3) : null),
    4,
  );
  const size = pick.sizes[0];
  await signInByApi(page, CUSTOMER);

  // Something already in the cart stays there.
  await page.goto(productUrl(cartPick, cartPick.sizes[0]._id));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');

  await page.goto(productUrl(pick, size._id));
  await page.getByRole('button', { name: 'Order Now' }).click();
  await fillShipping(page);
  await choosePayment(page, 'Cash on Delivery');

  // Only the item being ordered, at one unit.
  await expect(page.getByRole('heading', { name: 'Order Item', exact: true })).toBeVisible();
  await expect(page.getByTestId('order-line')).toHaveCount(1);
  await expect(page.getByTestId('order-line')).toContainText(pick.product.name);
  await expect(page.getByTestId('order-line')).toContainText(`Size ${size.size}`);
  const shipping = pick.product.price >= 400 ? 0 : 50;
  await expect(page.getByTestId('order-total')).toHaveText(rupees(pick.product.price + shipping));
  await expect(page.getByTestId('price-breakup')).not.toContainText('Pre-order Fee');

  await page.getByRole('button', { name: 'Place Order' }).click();
  const id = await landedOnOrder(page);

  const order = (await (await page.request.get(`/api/orders/${id}`)).json()) as ApiOrder;
  expect(order.paymentMethod).toBe('COD');
  expect(order.orderItems).toEqual([expect.objectContaining({ product: pick.product._id, size: size.size, qty: 1, preOrder: false })]);
  expect(order.totalPrice).toBeCloseTo(pick.product.price + shipping, 2);

  // The buying item is gone; the cart still holds its line.
  const stored = await page.evaluate(() => ({
    user: JSON.parse(localStorage.getItem('userInfo') ?? '{}'),
    cart: JSON.parse(localStorage.getItem('cart') ?? '{}'),
  }));
  expect(stored.user).not.toHaveProperty('buyingItem');
  expect(stored.cart.cartItems).toHaveLength(1);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});
