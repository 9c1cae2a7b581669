import { expect, test } from '@playwright/test';
import { cards, loadAllImages, screenshotPath } from './helpers';

test('a misspelt search shows the corrected results with their count, and the exact words on request', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('henly');
  await search.press('Enter');

  await expect(page).toHaveURL('/search/henly');
  const heading = page.getByRole('heading', { level: 1, name: /^\d+ results? for "henley"$/ });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Showing results for henley.')).toBeVisible();
  const shown = Number((await heading.textContent())?.split(' ')[0]);
  await expect(cards(page)).toHaveCount(shown);
  for (const card of await cards(page).all()) await expect(card).toContainText(/henley/i);
  await loadAllImages(page);
  await page.screenshot({ path: screenshotPath('search-typo-1280'), fullPage: true });

  await page.getByRole('link', { name: 'Search instead for "henly"' }).click();
  await expect(page).toHaveURL('/search/henly?exact=1');
  await expect(page.getByRole('heading', { level: 1, name: '0 results for "henly"' })).toBeVisible();
  await expect(page.getByText('No products match "henly".')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search/black%20t-shirt');
  await expect(page.getByRole('heading', { level: 1, name: /^\d+ results for "black t-shirt"$/ })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('search-count-390') });
});
