import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { clearCredentials } from '../features/auth/authSlice';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'include',
  timeout: 15_000,
});

/**
 * Any 401 means the server no longer knows this session (expired, logged out elsewhere, password
 * changed): the stored userInfo is dropped so the app shows the user as signed out.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiCtx, extra) => {
  const result = await rawBaseQuery(args, apiCtx, extra);
  if (result.error?.status === 401) apiCtx.dispatch(clearCredentials());
  return result;
};

/**
 * The one RTK Query API of the app. Features add their endpoints with api.injectEndpoints.
 * Every call goes to the same origin under /api and sends the session cookie.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Product', 'Order', 'User'],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
