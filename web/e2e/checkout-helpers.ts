import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, everyProduct, screenshotPath, settle, type ApiFullProduct, type ApiVariant } from './helpers';

export const CUSTOMER = 'customer@example.com';

export interface Pick {
  product: ApiFullProduct;
  variant: ApiVariant;
  sizes: ApiVariant['sizes'];
}

/** Every product with its variants and sizes, as the server has them now. */
export async function allProducts(request: APIRequestContext): Promise<ApiFullProduct[]> {
  const list = await everyProduct(request);
  return Promise.all(list.map((p) => apiGet<ApiFullProduct>(request, `/api/products/${p._id}`)));
}

/**
 * The first colour of some product (skipping the first `skip` matches, so journeys do not share
 * stock) whose sizes pass the test.
 */
export async function pickVariant(
  request: APIRequestContext,
  test: (sizes: ApiVariant['sizes'], product: ApiFullProduct) => ApiVariant['sizes'] | null,
  skip = 0,
): Promise<Pick> {
  let seen = 0;
  for (const product of await allProducts(request)) {
    for (const variant of product.variants) {
      const sizes = test(variant.sizes, product);
      if (sizes && seen++ >= skip) return { product, variant, sizes };
    }
  }
  throw new Error('the demo catalogue has no such product');
}

export const productUrl = (p: Pick, sizeId: string) => `/product/${p.product._id}?variant=${p.variant._id}&size=${sizeId}`;

/** Opens the product page on one size and presses Add to Cart. */
export async function addToCart(page: Page, p: Pick, size: ApiVariant['sizes'][number]) {
  await page.goto(productUrl(p, size._id));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`(${p.variant.variantName}, ${size.size}) added to your cart.`)).toBeVisible();
}

/** Fills the shipping form's address (the basic details default from the user) and continues, saving it nowhere else. */
export async function fillShipping(page: Page, screenshot?: string) {
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByLabel('Address', { exact: true }).fill('14, 2nd Cross, Indiranagar');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('Pin Code').fill('560038');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByLabel('District').selectOption('Bengaluru Urban');
  await page.getByLabel(/^Landmark/).fill('Near the metro station');
  // The journeys share the demo customer: keeping its address book empty keeps them independent
  // (accounts-phone.spec.ts saves and picks addresses).
  await page.getByLabel('Save this address to my account').uncheck();
  if (screenshot) await shoot(page, screenshot);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

/** Chooses a payment method and continues to the last step. */
export async function choosePayment(page: Page, method: 'Razorpay' | 'Cash on Delivery', screenshot?: string) {
  await page.getByLabel(new RegExp(`^${method}`)).check();
  if (screenshot) await shoot(page, screenshot);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
}

/** Full-page screenshots on a desktop and on a 390 px phone, for a person to look at. */
export async function shoot(page: Page, name: string) {
  const desktop = page.viewportSize();
  await page.evaluate(() => document.fonts.ready);
  await settle(page);
  await page.screenshot({ path: screenshotPath(`${name}-desktop`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${name}: page width on a phone`).toBeLessThanOrEqual(clientWidth);
  if (desktop) await page.setViewportSize(desktop);
}

/** The order id at the end of /order/{id}, once the page is there. */
export async function landedOnOrder(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/order\/[^/]+$/, { timeout: 15_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

export interface ApiOrder {
  _id: string;
  orderId: string;
  isPaid: boolean;
  status: string;
  paymentMethod: string;
  orderItems: { product: string; name: string; size: string; qty: number; price: number; preOrder: boolean }[];
  itemsPrice: number;
  shippingPrice: number;
  preOrderFee: number;
  totalPrice: number;
  shippingAddress: Record<string, string>;
}
