import { api } from '../../lib/api';

/** What the shop can do for a pin code (GET /api/delivery/{pinCode}). */
export interface Delivery {
  pinCode: string;
  state: string;
  serviceable: boolean;
  cod: boolean;
  message: string;
}

export const deliveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDelivery: build.query<Delivery, string>({
      query: (pin) => `/delivery/${encodeURIComponent(pin)}`,
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetDeliveryQuery, useLazyGetDeliveryQuery } = deliveryApi;
