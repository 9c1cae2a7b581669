import { expect, test } from '@playwright/test';

test('an empty or blank search goes to the home page', async ({ page }) => {
  await page.goto('/search/polo');
  await expect(page.getByRole('heading', { name: /^\d+ results? for "polo"$/ })).toBeVisible();

  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('   ');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
  await expect(search).toHaveValue('');

  await page.goto('/page/2');
  await search.press('Enter');
  await expect(page).toHaveURL('/');
});
