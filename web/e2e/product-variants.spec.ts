import { expect, test, type Page } from '@playwright/test';
import { apiGet, expectNoHorizontalOverflow, loadAllImages, rupees, screenshotPath, settle, everyProduct, type ApiFullProduct } from './helpers';

/** A product with several colours, one of which has both sold-out and in-stock sizes. */
async function pickProduct(request: Parameters<typeof apiGet>[0]) {
  const all = await everyProduct(request);
  for (const summary of all) {
    const p = await apiGet<ApiFullProduct>(request, `/api/products/${summary._id}`);
    if (p.variants.length < 2 || p.variants.some((v) => v.images.length < 2)) continue;
    const mixed = p.variants.find(
      (v, i) => i > 0 && v.sizes.some((s) => s.stock === 0) && v.sizes.some((s) => s.stock > 0),
    );
    if (mixed) return { product: p, mixed };
  }
  throw new Error('the demo catalogue has no product with mixed stock in a second colour');
}

const carousel = (page: Page) => page.getByRole('region', { name: /^Pictures of/ });
const pictureSrcs = (page: Page) =>
  carousel(page)
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
const shownPicture = (page: Page) => carousel(page).locator('.carousel-box__slide.active img');

test('choosing a colour and a size: pictures, URL, reload', async ({ page, request }) => {
  const { product, mixed } = await pickProduct(request);
  const first = product.variants[0];
  await page.goto(`/product/${product._id}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${product.name} - ${first.variantName}`);
  await expect(page.getByTestId('product-price')).toHaveText(rupees(product.price));
  await expect(page.getByTestId('units-sold')).toContainText(product.totalSold.toLocaleString('en-IN'));
  expect(await pictureSrcs(page)).toEqual(first.images);

  // Colour buttons are filled with their colour
  const button = page.getByRole('button', { name: mixed.variantName, exact: true });
  const bg = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
  const expected = await page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = name;
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  }, mixed.variantName);
  expect(bg).toBe(expected);

  // Another colour: other pictures, its name in the heading, both ids in the URL
  await button.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${product.name} - ${mixed.variantName}`);
  await expect.poll(() => pictureSrcs(page)).toEqual(mixed.images);
  expect(mixed.images).not.toEqual(first.images);
  await expect(page).toHaveURL(new RegExp(`\\?variant=${mixed._id}&size=`));

  // A sold-out size is struck through, still choosable, and says Out Of Stock
  const soldOut = mixed.sizes.find((s) => s.stock === 0)!;
  const sizeButton = page.getByRole('button', { name: `${soldOut.size} (sold out)` });
  await expect(sizeButton).toHaveCSS('text-decoration-line', 'line-through');
  await sizeButton.click();
  await expect(page).toHaveURL(`/product/${product._id}?variant=${mixed._id}&size=${soldOut._id}`);
  await expect(page.getByText('Out Of Stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();

  // A reload (or a shared link) opens the same colour and size
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${product.name} - ${mixed.variantName}`);
  await expect(sizeButton).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Out Of Stock', { exact: true })).toBeVisible();
  expect(await pictureSrcs(page)).toEqual(mixed.images);
  await loadAllImages(page);
  await settle(page);
  await page.screenshot({ path: screenshotPath('product-desktop'), fullPage: true });

  // An in-stock size: Add to Cart puts one in the cart
  const inStock = mixed.sizes.find((s) => s.stock > 0)!;
  await page.getByRole('button', { name: inStock.size, exact: true }).click();
  await expect(page).toHaveURL(`/product/${product._id}?variant=${mixed._id}&size=${inStock._id}`);
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`${product.name} (${mixed.variantName}, ${inStock.size}) added to your cart.`)).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'));
  expect(cart.cartItems.map((i: { keyId: string; qty: number }) => [i.keyId, i.qty])).toEqual([[`${product._id}${inStock._id}`, 1]]);
  // Guests see neither Order Now nor Pre Order
  await expect(page.getByRole('button', { name: 'Order Now' })).toHaveCount(0);
});

test('the pictures change by arrows, indicators and a mouse drag of more than 40 px', async ({ page, request }) => {
  const { product } = await pickProduct(request);
  await page.goto(`/product/${product._id}`);
  const [front, back] = product.variants[0].images;
  await expect(shownPicture(page)).toHaveAttribute('src', front);

  await carousel(page).getByRole('button', { name: 'Next picture' }).click();
  await expect(shownPicture(page)).toHaveAttribute('src', back);
  await carousel(page).getByRole('button', { name: 'Show picture 1' }).click();
  await expect(shownPicture(page)).toHaveAttribute('src', front);

  const box = (await carousel(page).boundingBox())!;
  const drag = async (dx: number) => {
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y, { steps: 3 });
    await page.mouse.move(x + dx, y, { steps: 3 });
    await page.mouse.up();
  };
  await drag(-39);
  await expect(shownPicture(page)).toHaveAttribute('src', front);
  await drag(-41);
  await expect(shownPicture(page)).toHaveAttribute('src', back);
});

test('the pictures advance on their own every 5 s', async ({ page, request }) => {
  const { product } = await pickProduct(request);
  await page.goto(`/product/${product._id}`);
  const [front, back] = product.variants[0].images;
  await expect(shownPicture(page)).toHaveAttribute('src', front);
  const started = Date.now();
  await expect(shownPicture(page)).toHaveAttribute('src', back, { timeout: 8000 });
  expect(Date.now() - started).toBeGreaterThan(3500);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a finger swipe of more than 40 px changes the picture; the page fits the screen', async ({ page, request }) => {
    const { product } = await pickProduct(request);
    await page.goto(`/product/${product._id}`);
    const [front, back] = product.variants[0].images;
    await expect(shownPicture(page)).toHaveAttribute('src', front);

    const box = (await carousel(page).boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (dx: number) => {
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let i = 1; i <= 4; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 4, y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(-39);
    await expect(shownPicture(page)).toHaveAttribute('src', front);
    await swipe(-41);
    await expect(shownPicture(page)).toHaveAttribute('src', back);
    await swipe(41);
    await expect(shownPicture(page)).toHaveAttribute('src', front);

    // The colour with a sold-out size, as a customer would see it
    const { mixed } = await pickProduct(request);
    const soldOut = mixed.sizes.find((s) => s.stock === 0)!;
    await page.goto(`/product/${product._id}?variant=${mixed._id}&size=${soldOut._id}`);
    await expect(page.getByText('Out Of Stock', { exact: true })).toBeVisible();
    await loadAllImages(page);
    await expectNoHorizontalOverflow(page);
    await settle(page);
    await page.screenshot({ path: screenshotPath('product-mobile'), fullPage: true });
  });
});
