import { api } from '../../lib/api';
import type { PaymentMethod, PriceStrings } from '../../lib/pricing';
import type { RazorpaySuccess } from '../../lib/razorpay';
import type { ShippingAddress } from '../../lib/address';
import type { CartItem } from '../cart';

/** The body of POST /api/orders: the lines as kept in the cart, the address, method and prices. */
export interface NewOrder extends PriceStrings {
  orderItems: CartItem[];
  shippingAddress: ShippingAddress;
  paymentMethod: PaymentMethod;
}

/** What POST /api/orders answers; key and razorpayOrderId come with an online payment. */
export interface PlacedOrder {
  data: { _id: string; orderId: string; totalPrice: number };
  key?: string;
  razorpayOrderId?: string;
}

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Places an order. The idempotency key is the same for every try of one checkout attempt, so
     * a double click or a retry after a lost answer makes one order.
     */
    placeOrder: build.mutation<PlacedOrder, { order: NewOrder; idempotencyKey: string }>({
      query: ({ order, idempotencyKey }) => ({
        url: '/orders',
        method: 'POST',
        body: order,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // A new order in the lists, and less stock on the products.
      invalidatesTags: (_result, error) => (error ? [] : ['Order', 'Product']),
    }),
    confirmOnlinePayment: build.mutation<{ success: boolean; message: string }, RazorpaySuccess & { orderId: string }>({
      query: (body) => ({ url: '/orders/verifyPayment', method: 'POST', body }),
      invalidatesTags: ['Order'],
    }),
  }),
});

export const { usePlaceOrderMutation, useConfirmOnlinePaymentMutation } = checkoutApi;

/** A random UUID (v4), also where crypto.randomUUID is missing (a shop served over plain HTTP). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
