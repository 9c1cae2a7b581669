/** Where browser storage keeps the signed-in user's display data and the buying item (SPEC.md §3). */
export const USER_STORAGE_KEY = 'userInfo';

/** The JSON value stored under key; null when there is none, it is not JSON, or storage is off. */
export function readStored(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}
