import { expect, test } from '@playwright/test';
import { apiGet, loadAllImages, rupees, screenshotPath, settle, type ApiCard, type ApiPage, type ApiProduct } from './helpers';

test('the home page shows the top products in a carousel that advances every 3 s and pauses on hover', async ({ page, request }) => {
  test.setTimeout(60_000);
  const top = await apiGet<ApiCard[]>(request, '/api/products/top');
  expect(top).toHaveLength(5);
  await page.goto('/');

  const region = page.getByRole('region', { name: 'Top products' });
  await expect(region).toBeVisible();
  const slides = region.getByTestId('top-product');
  await expect(slides).toHaveCount(5);
  for (const [i, p] of top.entries()) {
    // Slides other than the current one are hidden, so by their element rather than their role
    const link = slides.nth(i).locator('a');
    await expect(link).toHaveAttribute('href', `/product/${p._id}`);
    await expect(link).toContainText(p.name);
    await expect(link).toContainText(rupees(p.price));
  }
  // Above the Latest Products grid
  const regionBox = (await region.boundingBox())!;
  const headingBox = (await page.getByRole('heading', { name: 'Latest Products' }).boundingBox())!;
  expect(regionBox.y + regionBox.height).toBeLessThanOrEqual(headingBox.y);

  const active = region.locator('.carousel-box__slide.active');
  await expect(active).toContainText(top[0].name);
  await loadAllImages(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: screenshotPath('home-carousel'), fullPage: false });

  // Advances on its own after about 3 s
  const started = Date.now();
  await expect(active).toContainText(top[1].name, { timeout: 6000 });
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThan(1500);
  expect(waited).toBeLessThan(4500);

  // Paused while the pointer is over it
  await region.hover();
  await page.waitForTimeout(4000);
  await expect(active).toContainText(top[1].name);
  await page.mouse.move(0, 0);
  await expect(active).toContainText(top[2].name, { timeout: 6000 });

  // A mouse drag across a slide's link moves the carousel on and opens nothing (the pointer resting
  // on the carousel holds it, so the test knows which slide it starts from).
  const box = (await active.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 3];
  await page.mouse.move(x, y);
  const from = await active.getByRole('link').getAttribute('href');
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(x - i * 25, y);
  await page.mouse.up();
  await expect(page).toHaveURL('/');
  const next = top[(top.findIndex((p) => `/product/${p._id}` === from) + 1) % top.length];
  await expect(active).toContainText(next.name);

  // A slide opens its product
  await active.getByRole('link').click();
  await expect(page).toHaveURL(`/product/${next._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(next.name);
});

test('category chips list the tags in use and open /category/{name}', async ({ page, request }) => {
  const categories = await apiGet<{ name: string; count: number }[]>(request, '/api/products/categories');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Categories' });
  await expect(nav.getByRole('link')).toHaveCount(categories.length);
  const polo = categories.find((c) => c.name === 'polo')!;
  await nav.getByRole('link', { name: new RegExp(`^polo`) }).click();
  await expect(page).toHaveURL('/category/polo');
  await expect(page.getByRole('heading', { level: 1, name: 'polo' })).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(Math.min(polo.count, 12));
  const inCategory = await apiGet<ApiPage>(request, '/api/products/category/polo');
  for (const card of inCategory.products) {
    const p = await apiGet<ApiProduct>(request, `/api/products/${card._id}`);
    expect(p.tags).toContain('polo');
  }

  await page.goto('/category/nosuchthing');
  await expect(page.getByText('There are no products in "nosuchthing" yet.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a swipe moves the top products carousel', async ({ page }) => {
    const top = await apiGet<ApiCard[]>(page.request, '/api/products/top');
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Top products' });
    const active = region.locator('.carousel-box__slide.active');
    await expect(active).toContainText(top[0].name);
    const box = (await region.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 3;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 5; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + i * 25, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // A swipe to the right goes back, wrapping to the last: the clock would have gone forward.
    await expect(active).toContainText(top[4].name, { timeout: 2000 });
    await loadAllImages(page);
    await settle(page);
    await page.screenshot({ path: screenshotPath('home-carousel-mobile'), fullPage: false });
    // The swipe ended over the slide's link without opening it; a tap opens it (the pointer resting
    // on the carousel holds the slide while the test reads which one it is).
    await expect(page).toHaveURL('/');
    await region.hover();
    const link = active.getByRole('link');
    const href = await link.getAttribute('href');
    await link.tap();
    await expect(page).toHaveURL(href!);
  });
});
