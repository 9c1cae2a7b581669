import { expect, test, type Page } from '@playwright/test';
import { rupees, signInByApi } from './helpers';
import {
  addToCart,
  choosePayment,
  CUSTOMER,
  fillShipping,
  landedOnOrder,
  pickVariant,
  productUrl,
  shoot,
  type ApiOrder,
} from './checkout-helpers';

const widget = (page: Page) => page.getByRole('dialog', { name: 'Razorpay payment (simulator)' });
const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text });

/** Online prices of an items total in rupees: 3% fee, 10% discount, no shipping. */
function online(items: number) {
  const paise = Math.round(items * 100);
  const pct = (n: number) => Math.floor((paise * n + 50) / 100);
  return (paise + pct(3) - pct(10)) / 100;
}

test('paying online through the payment widget marks the order paid', async ({ page }) => {
  const pick = await pickVariant(page.request, (sizes) => (sizes.some((s) => s.stock >= 3) ? sizes.filter((s) => s.stock >= 3) : null), 6);
  await signInByApi(page, CUSTOMER);
  await addToCart(page, pick, pick.sizes[0]);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  // Signed in already: the sign-in step goes straight on.
  await fillShipping(page);
  await choosePayment(page, 'Razorpay');

  const total = online(pick.product.price);
  await expect(page.getByTestId('review-method')).toHaveText('Razorpay (Card, UPI, Netbanking, Wallet)');
  await expect(page.getByTestId('price-breakup')).toContainText('10% additional discount for online payment');
  await expect(page.getByTestId('order-total')).toHaveText(rupees(total));
  await shoot(page, 'placeorder-online');

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(widget(page)).toBeVisible();
  // The widget is opened with the total, the brand and the shipping contact.
  await expect(widget(page)).toContainText(`${rupees(total)} INR`);
  await expect(widget(page)).toContainText('Chitra Customer · customer@example.com · 9000000003');
  // The demo shop simulates payments, and says so in the widget.
  await expect(widget(page)).toContainText('Test mode: payments are simulated, no money moves.');
  await widget(page).getByRole('radio', { name: 'Card' }).check();
  await widget(page).getByRole('button', { name: `Pay ${rupees(total)}` }).click();

  await expect(toast(page, 'Payment Successful!')).toBeVisible();
  const id = await landedOnOrder(page);
  const order = (await (await page.request.get(`/api/orders/${id}`)).json()) as ApiOrder;
  expect(order.paymentMethod).toBe('Razorpay');
  expect(order.isPaid).toBe(true);
  expect(order.totalPrice).toBeCloseTo(total, 2);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
});

test('a failed online payment says why, keeps the item to buy and leaves the order to be paid from its page', async ({ page }) => {
  const pick = await pickVariant(page.request, (sizes) => (sizes.some((s) => s.stock >= 3) ? sizes.filter((s) => s.stock >= 3) : null), 7);
  await signInByApi(page, CUSTOMER);
  await page.goto(productUrl(pick, pick.sizes[0]._id));
  await page.getByRole('button', { name: 'Order Now' }).click();
  await fillShipping(page);
  await choosePayment(page, 'Razorpay');

  await page.getByRole('button', { name: 'Place Order' }).click();
  await widget(page).getByRole('button', { name: 'Fail payment' }).click();
  await expect(toast(page, 'Error: Your payment was declined by the bank (simulated).')).toBeVisible();

  const id = await landedOnOrder(page);
  const order = (await (await page.request.get(`/api/orders/${id}`)).json()) as ApiOrder;
  expect(order.isPaid).toBe(false);
  expect(order.status).toBe('awaitingPayment');
  expect(order.orderItems).toEqual([expect.objectContaining({ product: pick.product._id, qty: 1 })]);
  // Nothing was paid: the item to buy stays until a payment is verified, and the order page offers another try.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'))).toHaveProperty('buyingItem');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await widget(page).getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  expect(((await (await page.request.get(`/api/orders/${id}`)).json()) as ApiOrder).isPaid).toBe(true);
});
