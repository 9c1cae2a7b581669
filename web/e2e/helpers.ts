import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface ApiProduct {
  _id: string;
  name: string;
  description: string;
  price: number;
  tags: string[];
  totalInStock: number;
}

export interface ApiPage {
  products: ApiProduct[];
  pages: number;
  page: number;
}

/** Where full-page screenshots for human review go (gitignored). */
export const screenshotPath = (name: string) => path.join(import.meta.dirname, 'screenshots', `${name}.png`);

export const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

export async function apiGet<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

export const cards = (page: Page) => page.getByTestId('product-card');

/** The product ids the grid links to, in order. */
export async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await cards(page)
    .locator('a[href^="/product/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((h) => decodeURIComponent(h.replace('/product/', '')));
}

/**
 * Scrolls through the page so lazy images load, then checks that every image loaded
 * (a broken picture fails the test) and returns to the top.
 */
export async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) {
      img.scrollIntoView({ block: 'center' });
      if (!img.complete) {
        await new Promise((done) => {
          img.addEventListener('load', done, { once: true });
          img.addEventListener('error', done, { once: true });
          setTimeout(done, 5000);
        });
      }
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.images)
            .filter((img) => !(img.complete && img.naturalWidth > 0))
            .map((img) => img.currentSrc || img.src),
        ),
      { message: 'images that did not load' },
    )
    .toEqual([]);
}

/** The page must not scroll sideways (nothing overflows a phone screen). */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page width on this screen').toBeLessThanOrEqual(clientWidth);
}
