// Shared by playwright.config.ts and lighthouse.mjs.

/**
 * What Debian's Chromium needs to run headless here: no sandbox and no GPU, and none of its own
 * traffic (updates, sync, QUIC) beside the page's.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
