import fs from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import { waitForServiceWorker } from './helpers';

// Chromium never offers to install from an incognito window, and Playwright's usual contexts are
// incognito: this test opens a browser with a profile on disk, as a person's browser is.
test('the shop is an installable app: manifest, icons and a controlling service worker', async ({}, testInfo) => {
  const profile = testInfo.outputPath('profile');
  fs.rmSync(profile, { recursive: true, force: true });
  const { baseURL, launchOptions, viewport } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport, headless: true });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await checkInstallable(page);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

async function checkInstallable(page: import('@playwright/test').Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
  await waitForServiceWorker(page);

  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors, 'manifest errors').toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  const parsed = JSON.parse(manifest.data ?? '{}') as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(parsed).toMatchObject({ name: 'Haat', short_name: 'Haat', start_url: '/', display: 'standalone' });
  expect(parsed.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );

  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors, 'why Chromium would not offer to install').toEqual([]);

  // Every icon the manifest names is a real PNG of its size.
  for (const size of [192, 512]) {
    const res = await page.request.get(`/pwa-${size}x${size}.png`);
    expect(res.headers()['content-type']).toContain('image/png');
    const png = await res.body();
    expect(png.readUInt32BE(16)).toBe(size);
    expect(png.readUInt32BE(20)).toBe(size);
  }
}

test('the install bar offers Install Now and Maybe Later, and Maybe Later holds for a week', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();

  // What Chromium fires once the app can be installed (its dialog cannot be driven from a test).
  const offer = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      const w = window as unknown as { prompted: number };
      w.prompted = 0;
      Object.assign(event, {
        prompt: async () => {
          w.prompted += 1;
        },
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });

  await offer();
  const bar = page.getByRole('region', { name: 'Install the app' });
  await expect(bar).toContainText('Install Haat');
  await bar.getByRole('button', { name: 'Install Now' }).click();
  expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
  await expect(bar).toBeHidden();

  await offer();
  await bar.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(bar).toBeHidden();
  const snoozedAt = Number(await page.evaluate(() => localStorage.getItem('installPromptDismissedAt')));
  expect(Date.now() - snoozedAt).toBeLessThan(60_000);

  // Another visit the same week: the browser offers again, the bar stays away.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
  await offer();
  await expect(bar).toBeHidden();

  // Eight days later it is back.
  await page.evaluate((at) => localStorage.setItem('installPromptDismissedAt', String(at)), snoozedAt - 8 * 24 * 3600 * 1000);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
  await offer();
  await expect(bar).toBeVisible();
});
