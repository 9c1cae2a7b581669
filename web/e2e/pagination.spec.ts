import { expect, test } from '@playwright/test';
import { apiGet, cardIds, cards, type ApiPage } from './helpers';

test('page 2 shows other products than page 1', async ({ page, request }) => {
  await page.goto('/');
  await expect(cards(page)).toHaveCount(12);
  const first = await cardIds(page);

  await page.goto('/page/2');
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
  // A page's first grid is drawn in steps: all of its cards, not the first few.
  const page2 = await apiGet<ApiPage>(request, '/api/products?pageNumber=2');
  await expect(cards(page)).toHaveCount(page2.products.length);
  const second = await cardIds(page);
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((id) => first.includes(id))).toEqual([]);

  // The same through the pagination control under the grid.
  await page.goto('/');
  await expect(cards(page)).toHaveCount(12);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await pager.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL('/page/2');
  await expect(pager.locator('[aria-current="page"]')).toHaveText(/^2/);
  await expect.poll(() => cardIds(page)).toEqual(second);

  await pager.getByRole('link', { name: 'Previous page' }).click();
  await expect(page).toHaveURL('/page/1');
  await expect.poll(() => cardIds(page)).toEqual(first);
});

test('a bad page number shows page 1', async ({ page }) => {
  await page.goto('/');
  await expect(cards(page)).toHaveCount(12);
  const first = await cardIds(page);
  await page.goto('/page/abc');
  await expect(cards(page)).toHaveCount(12);
  expect(await cardIds(page)).toEqual(first);
});
