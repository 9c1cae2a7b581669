import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/chromiumFlags.mjs';

const port = Number(process.env.HAAT_E2E_PORT ?? 4180);
const baseURL = `http://127.0.0.1:${port}`;
// A second shop whose cash-on-delivery orders must be confirmed within seconds, for the journey of
// one that is not (e2e/order-cod-expiry.spec.ts).
export const shortHoldPort = port + 100;

// Debian's Chromium; Playwright's own browser download is never used.
const executablePath = process.env.HAAT_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath,
          args: CHROMIUM_FLAGS,
        },
      },
    },
  ],
  webServer: [
    {
    // The journeys place many cash-on-delivery orders as the one demo customer: the limits per
    // customer (3 open COD orders, 10 units of a size) are off here and tested in Go.
    command: `rm -rf e2e/.data && HAAT_MAX_OPEN_COD_ORDERS=0 HAAT_MAX_UNITS_PER_SIZE=0 ../bin/haat serve --addr 127.0.0.1:${port} --data e2e/.data --demo`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The server logs every request; set HAAT_E2E_LOG=1 to see them.
    stdout: process.env.HAAT_E2E_LOG ? 'pipe' : 'ignore',
    stderr: process.env.HAAT_E2E_LOG ? 'pipe' : 'ignore',
    },
    {
      command: `rm -rf e2e/.data-short && HAAT_COD_CONFIRM_WITHIN=3s HAAT_MAX_OPEN_COD_ORDERS=0 ../bin/haat serve --addr 127.0.0.1:${shortHoldPort} --data e2e/.data-short --demo`,
      url: `http://127.0.0.1:${shortHoldPort}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: process.env.HAAT_E2E_LOG ? 'pipe' : 'ignore',
    },
  ],
});
