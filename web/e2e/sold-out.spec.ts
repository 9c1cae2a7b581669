import { expect, test } from '@playwright/test';
import { cards, everyProduct, type ApiProduct } from './helpers';

test('a sold-out product is greyed out with a Sold Out badge', async ({ page, request }) => {
  const all = await everyProduct<ApiProduct>(request);
  const soldOut = all.find((p) => p.totalInStock === 0);
  expect(soldOut, 'the demo catalogue has a sold-out product').toBeDefined();

  await page.goto(`/search/${encodeURIComponent(soldOut!.name)}`);
  const card = cards(page).filter({ has: page.locator(`a[href="/product/${soldOut!._id}"]`) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Sold Out')).toBeVisible();

  const img = card.locator('img');
  await expect(img).toHaveCSS('filter', /grayscale\(1\)/);
  expect(Number(await img.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);

  // In-stock products are not greyed.
  const inStock = all.find((p) => p.totalInStock > 0)!;
  await page.goto(`/search/${encodeURIComponent(inStock.name)}`);
  const normal = cards(page).filter({ has: page.locator(`a[href="/product/${inStock._id}"]`) });
  await expect(normal).toHaveCount(1);
  await expect(normal.getByText('Sold Out')).toHaveCount(0);
  await expect(normal.locator('img')).toHaveCSS('filter', 'none');
});
