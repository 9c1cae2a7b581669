import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API of the app. Features add their endpoints with api.injectEndpoints.
 * Every call goes to the same origin under /api and sends the session cookie.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    credentials: 'include',
    timeout: 15_000,
  }),
  tagTypes: ['Product', 'Order', 'User'],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
