import { expect, test } from '@playwright/test';
import { BROTLI_MIN_BYTES } from '../scripts/brotliForms';
import { COMPILE_HINT } from '../scripts/compileHints';
import { firstLoadFiles } from '../scripts/firstLoadFiles.mjs';
import { cards, everyProduct } from './helpers';

test.describe('product pictures on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });

  test("load the server's resized copies, the first one first, the rest lazily, without shifting", async ({ page }) => {
    await page.goto('/');
    await expect(cards(page)).toHaveCount(12);
    const first = cards(page).nth(0).locator('img');
    const second = cards(page).nth(1).locator('img');

    const src = (await first.getAttribute('src'))!;
    expect(src).toMatch(/^\/uploads\//);
    await expect(first).toHaveAttribute('srcset', `${src}?w=320 320w, ${src}?w=640 640w, ${src} 800w`);
    await expect(first).toHaveAttribute('sizes', /calc\(100vw - 24px\)$/);
    await expect(first).toHaveAttribute('width', '800');
    await expect(first).toHaveAttribute('height', '800');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(second).toHaveAttribute('loading', 'lazy');

    // 366 CSS pixels wide at 1x: the 640 copy, not the 800 original.
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\?w=640$/);
    const box = (await first.boundingBox())!;
    expect(Math.abs(box.width - box.height)).toBeLessThan(1);

    // The copy of a demo picture (800 wide; other tests may upload tiny ones) is a real, smaller JPEG.
    const demo = (await page.locator('img[src^="/uploads/demo/"]').first().getAttribute('src'))!;
    const [original, copy] = await Promise.all([page.request.get(demo), page.request.get(`${demo}?w=320`)]);
    expect(copy.headers()['content-type']).toBe('image/jpeg');
    expect((await copy.body()).length).toBeLessThan((await original.body()).length);
  });
});

test.describe('first screen hints', () => {
  // A phone's screen as wide as its page: with the desktop screen Playwright emulates otherwise
  // (1920 px), Chromium's preload scanner picks another copy of the picture than the page does, and
  // preloads both.
  test.use({ viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  // The server's page head preloads the first screen's largest picture, and a product page's read
  // (the home page carries its reads' answers instead). A preload the app does not take (another copy
  // of the picture, another credentials mode) shows as a second request made by the app itself, and
  // Chromium warns that the preload went unused.
  for (const path of ['/', '/product/{id}']) {
    test(`${path}: the app takes the reads and the picture its page head started`, async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (/preload/i.test(m.text())) warnings.push(m.text());
      });
      const { products } = (await (await page.request.get('/api/products')).json()) as { products: { _id: string }[] };
      await page.goto(path.replace('{id}', products[0]._id));
      const picture = page.locator(path === '/' ? '.product-card img' : 'img.product-detail__image').first();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\/uploads\//);
      const used = new URL(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname +
        new URL(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).search;
      const reads = path === '/' ? [] : [`/api/products/${products[0]._id}`, '/api/config'];

      const loads = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => {
          const url = new URL(e.name);
          return { url: url.pathname + url.search, by: (e as PerformanceResourceTiming).initiatorType };
        }),
      );
      expect(loads.filter((l) => l.url === used)).toEqual([{ url: used, by: 'link' }]);
      for (const read of reads) expect(loads.filter((l) => l.url === read)).toEqual([{ url: read, by: 'link' }]);
      // Chromium reports an unused preload three seconds after the load.
      await page.waitForTimeout(3500);
      expect(warnings).toEqual([]);
    });
  }
});

test.describe('first load code', () => {
  // The home page's code is the first chunk and its carousel's chunks; the product page's chunk comes
  // only when a product opens (a chunk split that lets the carousel import from it costs every
  // first visit that file).
  test('the home page fetches no product page code until a product opens', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Top products' }).getByTestId('top-product').first()).toBeAttached();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    expect(scripts.filter((s) => /\/ProductScreen-[\w-]+\.js$/.test(s))).toEqual([]);

    await page.getByTestId('product-card').first().getByRole('link').click();
    await expect(page.getByRole('button', { name: /add to cart|pre-order/i }).first()).toBeVisible();
    expect(scripts.filter((s) => /\/ProductScreen-[\w-]+\.js$/.test(s))).toHaveLength(1);
  });

  // The parts every page adds once idle (footer, notices, toasts, the carousel) bring no stylesheet
  // of their own: each sheet added to a page on screen restyles all of it (main.tsx).
  test('the home page loads one stylesheet, its first, even after its idle parts have come', async ({ page }) => {
    const styles: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') styles.push(new URL(r.url()).pathname);
    });
    const first = firstLoadFiles(await (await page.request.get('/')).text()).filter((f) => f.endsWith('.css'));
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Top products' }).getByTestId('top-product').first()).toBeAttached();
    await expect(page.locator('footer')).toBeAttached();
    await expect(page.locator('.Toastify')).toBeAttached();
    // Each idle part's chunk has come (the loader adds a chunk's stylesheets as it asks for the chunk).
    const chunks = ['OfflineBanner', 'AppStatus', 'Footer', 'Toasts', 'TopProductsCarousel', 'screenRoutes'];
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)))
      .toEqual(expect.arrayContaining(chunks.map((c) => expect.stringMatching(new RegExp(`/${c}-[\\w-]+\\.js$`)))));
    expect(styles).toEqual(first.map((f) => `/${f}`));
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
  });

  // The product page brings the styles of what it shows, not the other screens' Bootstrap components
  // (screens.scss, 46 KB), whose insertion restyled the whole page (app/loadScreen.ts).
  test("a product page loads its own styles, not the other screens'; a screen that uses them brings them", async ({ page, request }) => {
    const target = (await everyProduct(request)).find((p) => p.numReviews >= 2)!;
    const styles: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') styles.push(new URL(r.url()).pathname);
    });
    await page.goto(`/product/${target._id}`);
    const review = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first();
    await expect(review).toBeVisible();
    await expect.poll(() => styles.some((s) => /\/ProductScreen-[\w-]+\.css$/.test(s))).toBe(true);
    // The reviews' list has its own rules (ProductScreen.css): no bullets, a rule under each review but the last.
    expect(await review.evaluate((li) => getComputedStyle(li).listStyleType)).toBe('none');
    expect(await review.evaluate((li) => getComputedStyle(li).borderBottomStyle)).toBe('solid');
    expect(styles.filter((s) => /\/screenStyles-/.test(s))).toEqual([]);

    await page.getByRole('link', { name: 'Cart' }).click();
    await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
    expect(styles.filter((s) => /\/screenStyles-/.test(s))).toHaveLength(1);
  });

  // The build writes a brotli form of each script and stylesheet; the server sends it to browsers
  // that take brotli (a seventh smaller than gzip), and the app starts from it.
  test('comes in brotli to a browser that takes it', async ({ page }) => {
    const encodings = new Map<string, string>();
    page.on('response', async (r) => {
      encodings.set(new URL(r.url()).pathname.slice(1), (await r.allHeaders())['content-encoding'] ?? 'none');
    });
    const first = firstLoadFiles(await (await page.request.get('/')).text());
    expect(first.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(1);
    expect(first.filter((f) => f.endsWith('.css')).length).toBeGreaterThan(0);
    await page.goto('/');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    for (const file of first) {
      // Files under the build's threshold have no brotli form and go gzipped.
      const small = (await (await page.request.get(`/${file}`)).body()).length < BROTLI_MIN_BYTES;
      expect(encodings.get(file), file).toBe(small ? 'gzip' : 'br');
    }
  });

  // V8's compile hint: Chromium compiles the first load's functions while they download, off the
  // main thread. Code loaded later is compiled as it is called, as usual.
  test('marks the code of the first load, and only it, for compiling as it downloads', async ({ page }) => {
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(r.url());
    });
    const first = firstLoadFiles(await (await page.request.get('/')).text()).filter((f) => f.endsWith('.js'));
    // The entry and at least one modulepreload.
    expect(first.length).toBeGreaterThan(1);
    for (const file of first) {
      expect((await (await page.request.get(`/${file}`)).text()).startsWith(`${COMPILE_HINT}\n`), file).toBe(true);
    }

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Top products' }).getByTestId('top-product').first()).toBeAttached();
    const later = [...scripts].filter((url) => !first.includes(new URL(url).pathname.slice(1)));
    expect(later.length).toBeGreaterThan(0);
    for (const url of later) expect((await (await page.request.get(url)).text()).startsWith(COMPILE_HINT), url).toBe(false);
  });
});
