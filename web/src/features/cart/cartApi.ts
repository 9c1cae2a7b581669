import { api } from '../../lib/api';

/** What POST /api/orders/cartVerification answers. */
export interface CartVerification {
  success: boolean;
  /** soldOut: none of the line can be ordered (its size has no stock or is gone). */
  issues: { keyId: string; reason: string; soldOut?: boolean }[];
  message?: string;
}

/** The cart's stock check (SPEC.md §4), before checkout and again before an order is placed. */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyCartStock: build.mutation<CartVerification, { keyId: string; qty: number }[]>({
      query: (cartItems) => ({ url: '/orders/cartVerification', method: 'POST', body: { cartItems } }),
    }),
  }),
});

export const { useVerifyCartStockMutation } = cartApi;
