import { expect, test } from '@playwright/test';
import { cards, waitForCached, waitForServiceWorker } from './helpers';

test.describe('offline', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('pages opened before open again offline, with a "You are offline" banner', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await expect(cards(page)).toHaveCount(12);
    const firstCard = cards(page).first();
    const name = (await firstCard.locator('.product-card__name').textContent())!.trim();
    await expect(firstCard.locator('img')).toHaveJSProperty('complete', true);
    // What this first visit loaded before the service worker took over is handed to it to keep.
    await waitForCached(page, 'haat-catalogue', '/api/products');
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);

    await firstCard.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/product\//);
    const productUrl = page.url();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page.locator('.image-carousel img').first()).toHaveJSProperty('complete', true);
    await waitForCached(page, 'haat-catalogue', new URL(productUrl).pathname.replace('/product/', '/api/products/'));

    await context.setOffline(true);

    // The banner shows as soon as the connection drops.
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');

    // Home again, loaded from scratch: the page, its scripts, the products and their pictures come
    // from the service worker's caches.
    await page.goto('/');
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await expect(cards(page).first()).toContainText(name);
    await expect
      .poll(() => cards(page).first().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // The product page too.
    await page.goto(productUrl);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect
      .poll(() => page.locator('.image-carousel img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // Something never opened before says it needs the network instead of failing silently.
    await page.goto('/search/no-such-thing-offline');
    await expect(page.getByRole('alert')).toHaveText('You are offline. Check your connection and try again.');

    // Back online: the banner goes.
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });
});
