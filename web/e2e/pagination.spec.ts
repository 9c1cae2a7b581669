import { expect, test } from '@playwright/test';
import { cardIds, cards } from './helpers';

test('page 2 shows other products than page 1', async ({ page }) => {
  await page.goto('/');
  await expect(cards(page)).toHaveCount(12);
  const first = await cardIds(page);

  await page.goto('/page/2');
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
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
