import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { priceBuyingItem, priceItems, priceStrings, toPaise, type PaymentMethod } from '../src/lib/pricing';
import { everyProduct, signInByApi, type ApiFullProduct, type ApiVariant } from './helpers';

/** Helpers of the order journeys: placing orders through the API as the signed-in user. */

export const shippingAddress = {
  shippingName: 'Chitra Customer',
  shippingEmail: 'customer@example.com',
  shippingPhoneNumber: '9000000003',
  address: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  pinCode: '560038',
  landmark: 'Near the metro station',
  shippingNote: 'Please ring twice',
};

export interface SizeChoice {
  product: ApiFullProduct;
  variant: ApiVariant;
  size: ApiVariant['sizes'][number];
}

/** A size of the demo catalogue: one with plenty in stock, or a sold-out one (for a pre-order). */
export async function findSize(request: APIRequestContext, kind: 'inStock' | 'soldOut', skip = 0): Promise<SizeChoice> {
  const products = await everyProduct(request);
  const found: SizeChoice[] = [];
  for (const product of products) {
    if (product.price > 5000) continue;
    for (const variant of product.variants) {
      for (const size of variant.sizes) {
        if (kind === 'inStock' ? size.stock >= 5 : size.stock === 0) found.push({ product, variant, size });
      }
    }
  }
  expect(found.length, `a ${kind} size in the demo catalogue`).toBeGreaterThan(skip);
  return found[skip];
}

export interface PlacedOrder extends SizeChoice {
  _id: string;
  orderId: string;
  totalPrice: number;
  razorpayOrderId?: string;
}

/**
 * Places an order of one size through the API as the user signed in on the page, with the prices the
 * server expects (computed with the app's own pricing rules).
 */
export async function placeOrder(
  page: Page,
  choice: SizeChoice,
  { method, preOrder = false, qty = 1 }: { method: PaymentMethod; preOrder?: boolean; qty?: number },
): Promise<PlacedOrder> {
  const items = toPaise(choice.product.price) * qty;
  const prices = preOrder ? priceBuyingItem(items, method, true) : priceItems(items, method);
  const res = await page.request.post('/api/orders', {
    data: {
      orderItems: [
        {
          _id: choice.product._id,
          qty,
          variant: { size: { _id: choice.size._id } },
          ...(preOrder ? { actionItem: 'preOrder' } : {}),
        },
      ],
      shippingAddress,
      paymentMethod: method,
      ...priceStrings(prices),
    },
  });
  expect(res.status(), `place order: ${await res.text()}`).toBe(201);
  const body = (await res.json()) as { data: { _id: string; orderId: string; totalPrice: number }; razorpayOrderId?: string };
  return { ...choice, ...body.data, razorpayOrderId: body.razorpayOrderId };
}

/** Payment Received, then Mark As Delivered, through the API as the admin (who stays signed in). */
export async function payAndDeliver(page: Page, orderId: string) {
  await signInByApi(page, 'admin@example.com');
  for (const step of ['pay', 'deliver']) {
    const res = await page.request.put(`/api/orders/${orderId}/${step}`, { data: {} });
    expect(res.ok(), `${step}: ${await res.text()}`).toBeTruthy();
  }
}

/** The order as the server has it now (for the signed-in owner or an admin). */
export async function fetchOrder(page: Page, id: string) {
  const res = await page.request.get(`/api/orders/${id}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { isPaid: boolean; isDelivered: boolean; mfgDate: string | null; status: string };
}

/** Signs in through the API with a password (the demo password by default), as helpers.signInByApi does. */
export async function signInWithPassword(page: Page, loginId: string, password: string) {
  const res = await page.request.post('/api/users/auth', { data: { loginId, password } });
  expect(res.ok(), `sign in as ${loginId}: ${res.status()}`).toBeTruthy();
  const user = await res.json();
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate((u) => localStorage.setItem('userInfo', JSON.stringify(u)), user);
  await page.reload();
  return user as { _id: string; name: string; role: string };
}

/** Indian date and time as the app shows it, e.g. 22/11/2026 at 7:34 pm. */
export const INDIAN_DATE = /\d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} (am|pm)/;
