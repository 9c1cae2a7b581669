import { expect, test } from '@playwright/test';
import { apiGet, cardIds, cards, loadAllImages, screenshotPath, type ApiProduct } from './helpers';

test('searching "polo" in the header shows only polos', async ({ page, request }) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Search products' });
  await expect(search).toHaveAttribute('placeholder', 'Search Products...');
  await search.fill('  polo ');
  await page.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL('/search/polo');
  await expect(page.getByRole('heading', { name: /^\d+ results? for "polo"$/ })).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(cards(page).first()).toBeVisible();

  const ids = await cardIds(page);
  expect(ids.length).toBeGreaterThanOrEqual(1);
  for (const id of ids) {
    const p = await apiGet<ApiProduct>(request, `/api/products/${id}`);
    const matches =
      p.name.toLowerCase().includes('polo') ||
      p.tags.some((t) => t.toLowerCase().includes('polo')) ||
      p.description.toLowerCase().includes('polo');
    expect(matches, `${p.name} [${p.tags.join(', ')}] matches "polo"`).toBeTruthy();
  }

  await loadAllImages(page);
  await page.screenshot({ path: screenshotPath('search-polo'), fullPage: true });
});

test('a search with no match says so', async ({ page }) => {
  await page.goto('/search/zzqqxx');
  await expect(page.getByRole('heading', { name: '0 results for "zzqqxx"' })).toBeVisible();
  await expect(page.getByText('No products match "zzqqxx".')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});
