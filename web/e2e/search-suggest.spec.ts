import { expect, test } from '@playwright/test';
import { screenshotPath } from './helpers';

test('the header suggests categories and products as the shopper types, by keyboard or touch', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.pressSequentially('henl');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  await expect(options.first()).toHaveText(/^henleyCategory$/);
  const count = await options.count();
  expect(count).toBeGreaterThanOrEqual(2);
  expect(count).toBeLessThanOrEqual(6);
  for (const name of (await options.allTextContents()).slice(1)) expect(name.toLowerCase()).toContain('henley');
  await page.screenshot({ path: screenshotPath('search-suggest-1280') });

  await search.press('ArrowDown');
  await search.press('ArrowDown');
  const chosen = options.nth(1);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  const name = await chosen.textContent();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: name ?? '' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
  // The phone header may keep the box in its menu.
  if (!(await search.isVisible())) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await search.pressSequentially('pol');
  await expect(list.getByRole('option').first()).toHaveText(/^poloCategory$/);
  await page.screenshot({ path: screenshotPath('search-suggest-390') });
  await list.getByRole('option').first().click();
  await expect(page).toHaveURL('/category/polo');
});
