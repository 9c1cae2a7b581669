import { expect, test } from '@playwright/test';
import { cards, loadAllImages, rupees, screenshotPath, type ApiProduct } from './helpers';

test('a card opens the product page, and Go Back returns', async ({ page }) => {
  await page.goto('/');
  await expect(cards(page)).toHaveCount(12);
  const link = cards(page).nth(1).locator('a[href^="/product/"]');
  const id = decodeURIComponent((await link.getAttribute('href'))!.replace('/product/', ''));
  const productRes = page.waitForResponse((r) => r.url().endsWith(`/api/products/${id}`));
  await link.click();

  await expect(page).toHaveURL(`/product/${id}`);
  const product = (await (await productRes).json()) as ApiProduct;
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText(rupees(product.price));
  await expect(page.getByText(product.totalInStock > 0 ? 'In Stock' : 'Out Of Stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: product.name })).toBeVisible();
  await loadAllImages(page);
  await page.screenshot({ path: screenshotPath('product'), fullPage: true });

  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
});

test("an unknown product shows the server's message in a red alert", async ({ page, request }) => {
  const res = await request.get('/api/products/does-not-exist');
  expect(res.status()).toBe(404);
  const { message } = (await res.json()) as { message: string };

  await page.goto('/product/does-not-exist');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(message);
  await expect(alert).toHaveClass(/alert-danger/);
});
