import { expect, test, type Page } from '@playwright/test';
import { cards, waitForServiceWorker } from './helpers';

/** The reads of the home page's first screen, whose answers the page itself carries. */
const HOME_READS = ['/api/products', '/api/products/top', '/api/products/categories', '/api/config'];

/** The first screen's reads the page requests from now on (served by the network or the worker). */
function readsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (HOME_READS.includes(path)) seen.push(path);
  });
  return seen;
}

/** The home page's first screen, drawn: the grid, the top carousel, the categories, the footer's settings. */
async function expectFirstScreen(page: Page) {
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByRole('region', { name: 'Top products' }).getByTestId('top-product').first()).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first()).toBeVisible();
  await expect(page.locator('.site-footer__tagline')).toHaveText('Tees made in India, for India');
}

test('a first visit draws the home page from the data the page carries, without asking for it', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) refused.push(m.text());
  });
  const reads = readsOf(page);
  await page.goto('/');
  await expect(page.locator('script#first-screen[type="application/json"]')).toHaveCount(1);
  await expectFirstScreen(page);
  expect(reads).toEqual([]);
  // The data block is no script the content policy had to refuse.
  expect(refused).toEqual([]);
});

test("the service worker's copy of the page carries no data: the home page then asks for it", async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await expectFirstScreen(page);

  const reads = readsOf(page);
  const shell = await page.goto('/');
  expect(shell?.fromServiceWorker()).toBe(true);
  await expect(page.locator('script#first-screen')).toHaveCount(0);
  await expectFirstScreen(page);
  expect([...new Set(reads)].sort()).toEqual([...HOME_READS].sort());
});
