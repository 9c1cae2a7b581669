import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** A request that never reached the server: almost always a lost connection. */
export const NETWORK_ERROR = 'You are offline. Check your connection and try again.';
export const TIMEOUT_ERROR = 'The server took too long to answer. Please try again.';
export const PARSING_ERROR = 'The server sent a response we could not read. Please try again.';
export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** The server's own message of a failed call ({"message": "..."} in its body), when it gave one. */
export function serverMessage(error: unknown): string | undefined {
  const data = error && typeof error === 'object' && 'data' in error ? error.data : undefined;
  if (data && typeof data === 'object' && 'message' in data) {
    const message = data.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** A message fit for a red alert or a toast, from an RTK Query error (or any thrown value). */
export function errorMessage(error: FetchBaseQueryError | SerializedError | unknown): string {
  if (!error || typeof error !== 'object') return GENERIC_ERROR;
  if ('status' in error) {
    const e = error as FetchBaseQueryError;
    switch (e.status) {
      case 'FETCH_ERROR':
        return NETWORK_ERROR;
      case 'TIMEOUT_ERROR':
        return TIMEOUT_ERROR;
      case 'PARSING_ERROR':
        return serverMessage(e) ?? PARSING_ERROR;
      case 'CUSTOM_ERROR':
        return serverMessage(e) ?? (e.error || GENERIC_ERROR);
      default:
        return serverMessage(e) ?? `${GENERIC_ERROR} (HTTP ${e.status})`;
    }
  }
  if ('message' in error && typeof (error as SerializedError).message === 'string') {
    const message = (error as SerializedError).message as string;
    // fetch's own TypeError when there is no connection (Chromium, Firefox, Safari wordings).
    if (/^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed)$/.test(message)) return NETWORK_ERROR;
    return message;
  }
  return GENERIC_ERROR;
}
