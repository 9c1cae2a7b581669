import path from 'node:path';
import { deflateSync } from 'node:zlib';
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

export interface ApiVariant {
  _id: string;
  variantName: string;
  images: string[];
  sizes: { _id: string; size: string; stock: number }[];
}

export interface ApiFullProduct extends ApiProduct {
  rating: number;
  numReviews: number;
  totalSold: number;
  reviews: { _id: string; name: string; rating: number; comment: string; createdAt: string }[];
  variants: ApiVariant[];
}

export const DEMO_PASSWORD = 'haat-demo';

/**
 * Signs in through the API (the session cookie lands in the page's context), stores the returned
 * user as the app does under userInfo, and reloads so the app starts signed in.
 */
export async function signIn(page: Page, loginId: string) {
  const res = await page.request.post('/api/users/auth', { data: { loginId, password: DEMO_PASSWORD } });
  expect(res.ok(), `sign in as ${loginId}: ${res.status()}`).toBeTruthy();
  const user = await res.json();
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate((u) => localStorage.setItem('userInfo', JSON.stringify(u)), user);
  await page.reload();
  return user as { _id: string; name: string; role: string };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG of one colour with a lighter square in the middle, made here for uploads. */
export function makePng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inner = x > size / 4 && x < (size * 3) / 4 && y > size / 4 && y < (size * 3) / 4;
      const lift = inner ? 60 : 0;
      row[1 + x * 3] = Math.min(255, r + lift);
      row[2 + x * 3] = Math.min(255, g + lift);
      row[3 + x * 3] = Math.min(255, b + lift);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Lets slides finish moving and jumps to the top (no smooth scrolling), for a steady screenshot. */
export async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForTimeout(700);
}
