import { api } from './api';

export interface ShopConfig {
  brand: { name: string; tagline: string; blurb: string };
  /** Complete URLs; the chat ones carry a prefilled greeting, email is a mailto: URL. */
  contact: { messenger: string; whatsapp: string; instagram: string; email: string };
  social: { instagram: string; facebook: string; x: string; pinterest: string };
  policies: { privacy: string; terms: string; refund: string; shipping: string };
  /**
   * Which checkout widget to load (Razorpay's checkout.js, or the offline simulator's), whether the
   * shop takes online payment at all, and whether it is in test mode (simulated, no money moves).
   */
  payment: { checkoutScript: string; online: boolean; simulator: boolean };
}

export const DEFAULT_BRAND_NAME = 'Haat';

export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<ShopConfig, void>({
      query: () => '/config',
      // The shop's settings change rarely; keep them for the whole visit.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetConfigQuery } = configApi;

/** The brand name from the shop's settings, or "Haat" until they are known. */
export function useBrandName(): string {
  const { data } = useGetConfigQuery();
  return data?.brand?.name?.trim() || DEFAULT_BRAND_NAME;
}
