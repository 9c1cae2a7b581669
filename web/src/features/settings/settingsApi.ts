import { api } from '../../lib/api';

/** The owner's settings (GET/PUT /api/settings, admins only). Each part of the shop adds its fields. */
export interface StoreSettings {
  returnsNote: string;
  /** Groups of words search takes as one, e.g. [["kurta", "kurti"]]. */
  synonyms?: string[][];
  sizeChart: string;
  /** The business registered for GST that issues the tax invoices. */
  seller: Seller;
  /** Pin codes, or their first digits, the shop does not deliver to. */
  unservedPins: string[];
  /** Pin codes, or their first digits, that get no cash on delivery. */
  codBlockedPins: string[];
}

export interface Seller {
  legalName: string;
  tradeName: string;
  gstin: string;
  address: string;
  state: string;
  invoicePrefix: string;
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<StoreSettings, void>({
      query: () => '/settings',
      providesTags: ['Settings'],
    }),
    /** Saves the fields sent; the server keeps the others. */
    saveSettings: build.mutation<StoreSettings, Partial<StoreSettings>>({
      query: (body) => ({ url: '/settings', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useGetSettingsQuery, useSaveSettingsMutation } = settingsApi;
