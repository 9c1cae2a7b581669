import { api } from '../../lib/api';
import type { ShippingAddress } from '../../lib/address';

/** An address kept with the account: SPEC.md §3's shipping address, its id, and whether it is the default. */
export interface SavedAddress extends ShippingAddress {
  _id: string;
  isDefault: boolean;
}

export type AddressInput = ShippingAddress & { isDefault: boolean };

/** The address book belongs to whoever is signed in: cached under the User tag, which a sign-in invalidates. */
const BOOK = { type: 'User', id: 'ADDRESSES' } as const;

/** The signed-in customer's address book (GET, POST, PUT, DELETE /api/users/addresses). */
export const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<SavedAddress[], void>({
      query: () => '/users/addresses',
      providesTags: [BOOK],
    }),
    addAddress: build.mutation<SavedAddress, AddressInput>({
      query: (body) => ({ url: '/users/addresses', method: 'POST', body }),
      invalidatesTags: [BOOK],
    }),
    updateAddress: build.mutation<SavedAddress, AddressInput & { _id: string }>({
      query: ({ _id, ...body }) => ({ url: `/users/addresses/${encodeURIComponent(_id)}`, method: 'PUT', body }),
      invalidatesTags: [BOOK],
    }),
    deleteAddress: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/users/addresses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [BOOK],
    }),
  }),
});

export const { useGetAddressesQuery, useAddAddressMutation, useUpdateAddressMutation, useDeleteAddressMutation } =
  addressesApi;
