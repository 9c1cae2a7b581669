import { expect, test } from '@playwright/test';
import { apiGet, cards, everyProduct, type ApiCard, type ApiProduct } from './helpers';

test('a sold-out product keeps the colours of its pictures, with a Sold Out badge, and leaves the top-rated carousel', async ({
  page,
  request,
}) => {
  const all = await everyProduct<ApiProduct>(request);
  const soldOut = all.find((p) => p.totalInStock === 0);
  expect(soldOut, 'the demo catalogue has a sold-out product').toBeDefined();

  await page.goto(`/search/${encodeURIComponent(soldOut!.name)}`);
  const card = cards(page).filter({ has: page.locator(`a[href="/product/${soldOut!._id}"]`) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Sold Out')).toBeVisible();

  const img = card.locator('img');
  await expect(img).toHaveCSS('filter', 'none');
  await expect(img).toHaveCSS('opacity', '1');

  // Its own page says so over its pictures, in colour.
  await card.getByRole('link').first().click();
  await expect(page.getByText('Out Of Stock')).toBeVisible();
  await expect(page.getByText('Sold Out', { exact: true })).toBeVisible();
  await expect(page.locator('.image-carousel img').first()).toHaveCSS('filter', 'none');

  // The top-rated carousel shows only what can be bought.
  const top = await apiGet<ApiCard[]>(request, '/api/products/top');
  expect(top.length).toBeGreaterThan(0);
  expect(top.filter((p) => p.totalInStock === 0)).toEqual([]);

  // In-stock products have no badge.
  const inStock = all.find((p) => p.totalInStock > 0)!;
  await page.goto(`/search/${encodeURIComponent(inStock.name)}`);
  const normal = cards(page).filter({ has: page.locator(`a[href="/product/${inStock._id}"]`) });
  await expect(normal).toHaveCount(1);
  await expect(normal.getByText('Sold Out')).toHaveCount(0);
  await expect(normal.locator('img')).toHaveCSS('filter', 'none');
});
