import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'include',
  timeout: 15_000,
});

/** The sign-in call answers 401 for a wrong password: that says nothing about the current session. */
const LOGIN_URL = '/users/auth';

/**
 * Any other 401 means the server no longer knows this session (expired, logged out elsewhere,
 * password changed). The auth feature drops the stored userInfo on it, so the app shows the user as
 * signed out. A session ended by a change of password or e-mail comes with why (the answer's reason
 * and message), which the sign-in page shows.
 */
export const sessionRejected = createAction('api/sessionRejected', (why?: string) => ({ payload: { why } }));

/** The message of a 401 that says why the session ended, if it does. */
function endedBecause(body: unknown): string | undefined {
  const b = body as { reason?: unknown; message?: unknown } | null;
  return typeof b?.reason === 'string' && typeof b.message === 'string' ? b.message : undefined;
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiCtx, extra) => {
  // A forced read (a refetch after the app changed something, or refetch()) asks for a fresh answer,
  // which the service worker then takes from the network rather than its cache (src/sw/sw.ts).
  const request = apiCtx.forced ? fresh(args) : args;
  const result = await rawBaseQuery(request, apiCtx, extra);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status === 401 && url !== LOGIN_URL) apiCtx.dispatch(sessionRejected(endedBecause(result.error.data)));
  return result;
};

function fresh(args: string | FetchArgs): string | FetchArgs {
  const a = typeof args === 'string' ? { url: args } : args;
  return !a.method || a.method.toUpperCase() === 'GET' ? { ...a, cache: 'no-cache' } : args;
}

/**
 * The one RTK Query API of the app. Features add their endpoints with api.injectEndpoints.
 * Every call goes to the same origin under /api and sends the session cookie.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Product', 'Order', 'User', 'Settings'],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
