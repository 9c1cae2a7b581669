import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, newestMail, outboxMark, rupees, signIn } from './helpers';
import {
  addToCart,
  choosePayment,
  CUSTOMER,
  fillShipping,
  landedOnOrder,
  pickVariant,
  shoot,
  type ApiOrder,
} from './checkout-helpers';

test('a guest fills a cart with two sizes, signs in at checkout and places a cash-on-delivery order', async ({ page }) => {
  // One colour with two sizes in stock, cheap enough for cash on delivery.
  const pick = await pickVariant(page.request, (sizes, p) => {
    const inStock = sizes.filter((s) => s.stock >= 2);
    return inStock.length >= 2 && p.price * 2 <= 5000 ? inStock.slice(0, 2) : null;
  });
  const [first, second] = pick.sizes;

  await addToCart(page, pick, first);
  await addToCart(page, pick, second);
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-subtotal')).toHaveText('Subtotal (2 items)');
  await expect(page.getByTestId('cart-amount')).toHaveText(rupees(pick.product.price * 2));
  await expect(page.getByText('At most 10 units of each size can be added, if in stock.')).toBeVisible();
  await shoot(page, 'cart');

  // Checkout asks a guest to sign in first, and comes back to shipping.
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=(%2F|\/)shipping$/);
  await signIn(page, CUSTOMER, DEMO_PASSWORD, new URL(page.url()).pathname + new URL(page.url()).search);
  await expect(page).toHaveURL(/\/shipping$/);

  // Basic details come from the account.
  await expect(page.getByLabel('Name')).toHaveValue('Chitra Customer');
  await expect(page.getByLabel('E-mail')).toHaveValue(CUSTOMER);
  await expect(page.getByLabel('Mobile Number')).toHaveValue('9000000003');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await fillShipping(page, 'shipping');

  await choosePayment(page, 'Cash on Delivery', 'payment');

  // The review: address, method, both lines and the breakup.
  await expect(page.getByTestId('review-address')).toContainText('14, 2nd Cross, Indiranagar, Near the metro station');
  await expect(page.getByTestId('review-address')).toContainText('Bengaluru, Bengaluru Urban, Karnataka 560038');
  await expect(page.getByTestId('review-method')).toHaveText('Cash on Delivery');
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  const items = pick.product.price * 2;
  const shipping = items >= 400 ? 0 : 50;
  await expect(page.getByTestId('order-total')).toHaveText(rupees(items + shipping));
  await shoot(page, 'placeorder');

  const mark = outboxMark();
  await page.getByRole('button', { name: 'Place Order' }).click();
  const id = await landedOnOrder(page);

  // The cart is empty now.
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').cartItems)).toEqual([]);

  const res = await page.request.get(`/api/orders/${id}`);
  expect(res.ok()).toBeTruthy();
  const order = (await res.json()) as ApiOrder;
  expect(order.paymentMethod).toBe('COD');
  expect(order.isPaid).toBe(false);
  expect(order.orderItems).toHaveLength(2);
  expect(order.orderItems.map((i) => i.size).sort()).toEqual([first.size, second.size].sort());
  expect(order.orderItems.every((i) => i.qty === 1 && i.product === pick.product._id)).toBe(true);
  expect(order.totalPrice).toBeCloseTo(items + shipping, 2);
  expect(order.shippingAddress).toMatchObject({ city: 'Bengaluru', district: 'Bengaluru Urban', pinCode: '560038' });

  const mail = await newestMail(CUSTOMER, { after: mark, filter: (m) => m.subject.includes(`order ${order.orderId} placed`) });
  expect(mail.text).toContain(pick.product.name);
  expect(mail.text).toContain('Cash on delivery');
});
