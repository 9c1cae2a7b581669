/** See chromiumFlags.mjs. */
export const CHROMIUM_FLAGS: string[];
