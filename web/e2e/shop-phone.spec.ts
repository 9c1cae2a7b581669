import { expect, test, type Page } from '@playwright/test';
import { pickVariant, shoot } from './checkout-helpers';
import { expectNoHorizontalOverflow, rupees, screenshotPath, settle, signInByApi, type ApiFullProduct } from './helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.use(PHONE);

/** Saves a product through the editor's API with the changes given, as an admin. */
async function saveProduct(admin: Page, id: string, changes: Record<string, unknown>) {
  const res = await admin.request.get(`/api/products/admin/${id}`);
  expect(res.ok()).toBeTruthy();
  const p = (await res.json()) as ApiFullProduct & { version: string; mrp: number | null; sizeChart: string };
  const saved = await admin.request.put(`/api/products/${id}`, {
    data: { name: p.name, price: p.price, mrp: p.mrp, sizeChart: p.sizeChart, tags: p.tags, description: p.description, variants: p.variants, version: p.version, ...changes },
  });
  expect(saved.ok(), `save product: ${saved.status()} ${await saved.text()}`).toBeTruthy();
}

test('on a phone, a shopper searches from the header, buys from the bar at the bottom and sees the cart badge', async ({
  page,
  browser,
  request,
}) => {
  // A tee with stock to spare in one size; its owner gives it an MRP and a size chart.
  const tee = await pickVariant(request, (sizes) => sizes.filter((s) => s.stock >= 5).slice(0, 1), 5);
  const { product } = tee;
  const mrp = product.price + 500;
  const off = Math.floor(((mrp - product.price) * 100) / mrp);
  const owner = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 } });
  const admin = await owner.newPage();
  await signInByApi(admin, 'admin@example.com');
  await saveProduct(admin, product._id, { mrp, sizeChart: 'S: chest 38 in\nM: chest 40 in\nL: chest 42 in' });

  try {
    // The header of a phone: the search box and the cart are there without opening the menu.
    await page.goto('/');
    const search = page.getByRole('search').getByRole('combobox', { name: 'Search products' });
    await expect(search).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expectNoHorizontalOverflow(page);
    await settle(page);
    await page.screenshot({ path: screenshotPath('shop-header-390') });

    // Search from the header; the card shows the price, the MRP struck through and the % off.
    await search.fill(product.name);
    await search.press('Enter');
    await expect(page).toHaveURL(`/search/${encodeURIComponent(product.name)}`);
    const card = page.getByTestId('product-card').filter({ hasText: product.name }).first();
    await expect(card).toContainText(`${rupees(product.price)}MRP ${rupees(mrp)}${off}% off`);
    await card.getByRole('link', { name: product.name }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}`));

    // The price and the buying buttons wait at the bottom of the screen, the page not scrolled.
    await page.getByRole('group', { name: /^Colour/ }).getByRole('button', { name: tee.variant.variantName, exact: true }).click();
    await page.getByRole('group', { name: /^Size/ }).getByRole('button', { name: tee.sizes[0].size, exact: true }).click();
    const bar = page.getByTestId('buy-bar');
    await expect(bar).toBeInViewport();
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.y).toBeGreaterThan(844 / 2);
    await expect(bar).toContainText(rupees(product.price));
    await expect(page.getByTestId('product-price')).toContainText(`${off}% off`);
    await expect(page.getByText('Inclusive of all taxes')).toBeVisible();
    await page.getByText('Size chart').click();
    await expect(page.getByText(/M: chest 40 in/)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await settle(page);
    await page.screenshot({ path: screenshotPath('shop-product-bar-390') });

    // Add to Cart from the bar: the header's badge counts the line at once, in view.
    await expect(page.getByTestId('cart-badge')).toBeHidden();
    await bar.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`(${tee.variant.variantName}, ${tee.sizes[0].size}) added to your cart.`)).toBeVisible();
    const badge = page.getByTestId('cart-badge');
    await expect(badge).toHaveText('1');
    await expect(badge).toBeInViewport();
    await settle(page);
    await page.screenshot({ path: screenshotPath('shop-added-390') });

    await page.getByRole('link', { name: 'Cart: 1 item' }).click();
    await expect(page.getByText('At most 10 units of each size can be added, if in stock.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeEnabled();
    await shoot(page, 'shop-cart');

    // The screens the owner changed, on a desktop and on a phone.
    await admin.goto(`/product/${product._id}`);
    await expect(admin.getByTestId('product-price')).toContainText(`${off}% off`);
    await shoot(admin, 'shop-product');
    await admin.goto(`/admin/products/${product._id}/edit`);
    await expect(admin.getByLabel('MRP (₹, optional)')).toHaveValue(String(mrp));
    await shoot(admin, 'shop-product-editor');
    await admin.goto('/admin/settings');
    await expect(admin.getByLabel('Size chart')).toBeVisible();
    await shoot(admin, 'shop-settings');
    await admin.goto('/');
    await shoot(admin, 'shop-home');
  } finally {
    await saveProduct(admin, product._id, { mrp: null, sizeChart: '' });
    await owner.close();
  }
});
