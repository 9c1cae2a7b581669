import { expect, test, type Locator, type Page } from '@playwright/test';
import { cardIds, expectNoHorizontalOverflow, loadAllImages, makePng, rupees, screenshotPath, settle, signInByApi } from './helpers';

const variantGroup = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`Variant ${n}$`) });

async function upload(group: Locator, name: string, rgb: [number, number, number]) {
  const before = await group.locator('img').count();
  await group.getByLabel('Upload pictures').setInputFiles({ name, mimeType: 'image/png', buffer: makePng(64, rgb) });
  await expect(group.locator('img')).toHaveCount(before + 1);
  const src = await group.locator('img').last().getAttribute('src');
  expect(src).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
  return src!;
}

async function addSize(group: Locator, n: number, code: string, stock: number) {
  await group.getByRole('button', { name: 'Add Size' }).click();
  const codeInput = group.getByLabel(`Size code ${n}`);
  await codeInput.fill(code);
  await expect(codeInput).toHaveValue(code.toUpperCase());
  await group.getByLabel(`Stock of size ${code.toUpperCase()}`).fill(String(stock));
}

test('an admin creates a product with two colours and uploaded pictures; it shows in the shop', async ({ page }) => {
  await signInByApi(page, 'admin@example.com');
  await page.goto('/admin/productlist');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(page.getByTestId('admin-product-row').first()).toBeVisible();

  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure to create a new product?');
    void d.accept();
  });
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f]+\/edit$/);
  const id = page.url().split('/').at(-2)!;
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  const name = `Handloom Stripe Tee ${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Price (₹)').fill('-749');
  await expect(page.getByLabel('Price (₹)')).toHaveValue('749');
  const tags = page.getByLabel('Tags');
  await tags.fill('Handloom, Men, polo-2');
  await expect(tags).toHaveValue('handloom, men, polo-2');
  await expect(page.getByText('Tags may contain only letters, spaces, underscores and commas.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await tags.fill('Handloom, Men, Summer_Drop');
  await expect(tags).toHaveValue('handloom, men, summer_drop');
  await page.getByLabel('Description').fill('Handwoven cotton from Kerala with a thin stripe.');

  // First colour: teal, with two uploaded pictures (reordered), sizes M and L
  const add = page.getByRole('button', { name: 'Add Variant' });
  await add.click();
  await expect(add).toBeDisabled();
  const teal = variantGroup(page, 1);
  await teal.getByLabel('Colour name').fill('teal');
  await expect(add).toBeEnabled();
  const tealFront = await upload(teal, 'teal-front.png', [0, 128, 128]);
  const tealBack = await upload(teal, 'teal-back.png', [0, 90, 90]);
  await teal.getByRole('button', { name: 'Move picture 2 left' }).click();
  await expect(teal.locator('img').first()).toHaveAttribute('src', tealBack);
  await teal.getByRole('button', { name: 'Move picture 1 right' }).click();
  await expect(teal.locator('img').first()).toHaveAttribute('src', tealFront);
  await addSize(teal, 1, 'm', 5);
  await addSize(teal, 2, 'l', 0);

  // Second colour: coral, one picture that cannot be deleted as the last one
  await add.click();
  const coral = variantGroup(page, 2);
  await coral.getByLabel('Colour name').fill('coral');
  const coralFront = await upload(coral, 'coral-front.png', [255, 127, 80]);
  await coral.getByRole('button', { name: 'Delete picture 1' }).click();
  await expect(page.getByText('You need to keep at least one image to update.')).toBeVisible();
  await expect(coral.locator('img')).toHaveCount(1);
  await addSize(coral, 1, 'xl', 3);

  await loadAllImages(page);
  await settle(page);
  await page.screenshot({ path: screenshotPath('admin-product-edit'), fullPage: true });

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Product updated')).toBeVisible();
  await expect(page).toHaveURL('/admin/productlist');
  const row = page.getByTestId('admin-product-row').filter({ hasText: name });
  await expect(row).toContainText('Published');
  await expect(row).toContainText(rupees(749));
  await expect(row).toContainText('handloom, men, summer_drop');
  await expect(row.getByRole('cell').nth(4)).toHaveText('8');
  await page.screenshot({ path: screenshotPath('admin-product-list'), fullPage: true });

  // The newest product comes first on the home page
  await page.goto('/');
  await expect.poll(async () => (await cardIds(page))[0]).toBe(id);
  await expect(page.getByTestId('product-card').first()).toContainText(name);

  // And under its category
  await page.goto('/category/handloom');
  await expect(page.getByRole('heading', { level: 1, name: 'handloom' })).toBeVisible();
  // The heading comes with the screen, the cards with the category's answer.
  await expect.poll(() => cardIds(page)).toEqual([id]);

  // Its page shows both colours with their own pictures
  await page.getByTestId('product-card').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} - teal`);
  const pictures = page.getByRole('region', { name: /^Pictures of/ }).locator('img');
  await expect(pictures.first()).toHaveAttribute('src', tealFront);
  await page.getByRole('button', { name: 'coral', exact: true }).click();
  await expect(pictures).toHaveCount(1);
  await expect(pictures.first()).toHaveAttribute('src', coralFront);
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();

  // The uploaded file is served
  const img = await page.request.get(coralFront);
  expect(img.status()).toBe(200);
  expect(img.headers()['content-type']).toBe('image/png');
});

test('an admin deletes a product after confirming', async ({ page }) => {
  await signInByApi(page, 'admin@example.com');
  await page.goto('/admin/productlist');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  const id = page.url().split('/').at(-2)!;
  await page.goto('/admin/productlist');
  const row = page.getByTestId('admin-product-row').filter({ has: page.locator(`a[href="/admin/products/${id}/edit"]`) });
  await expect(row).toContainText('Draft');
  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByText('Successfully deleted the product from your database.')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/api/products/${id}`)).status()).toBe(404);
});

test('on a phone each product shows its name, price, stock, status, Edit and Delete without a sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, 'admin@example.com');
  await page.goto('/admin/productlist');
  const row = page.getByTestId('admin-product-row').first();
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  const seen = [cells.nth(1), cells.nth(2), cells.nth(4), cells.nth(5), row.getByRole('link', { name: /^Edit / }), row.getByRole('button', { name: /^Delete / })];
  for (const part of seen) {
    await expect(part).toBeInViewport({ ratio: 1 });
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expectNoHorizontalOverflow(page);
  // Nor does the table scroll sideways inside its own box.
  const table = page.locator('.table-responsive');
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await loadAllImages(page);
  await settle(page);
  await page.screenshot({ path: screenshotPath('admin-product-list-390'), fullPage: true });
});

test('the admin screens send a customer to /login', async ({ page }) => {
  await signInByApi(page, 'customer@example.com');
  await page.goto('/admin/productlist');
  await expect(page).toHaveURL('/login');
});
