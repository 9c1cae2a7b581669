import { expect, test, type Page } from '@playwright/test';
import { apiGet, cards, expectNoHorizontalOverflow, loadAllImages, screenshotPath, settle, type ApiPage } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The product links of the grid, in order. */
const shown = (page: Page) =>
  cards(page).evaluateAll((els) => els.map((el) => el.querySelector('a[href^="/product/"]')?.getAttribute('href') ?? ''));
const expected = (list: ApiPage) => list.products.map((p) => `/product/${p._id}`);

test('on a phone, a shopper sorts by price and filters by size, colour and price in a sheet', async ({ page, request }) => {
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL('/?sort=price_asc');
  const cheapest = await apiGet<ApiPage>(request, '/api/products?sort=price_asc');
  await expect.poll(() => shown(page)).toEqual(expected(cheapest));
  const prices = cheapest.products.map((p) => p.price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  // The sheet comes up from the bottom, with the catalogue's sizes and colours.
  await page.getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveClass(/offcanvas-bottom/);
  const choices = await apiGet<{ sizes: string[]; colors: string[] }>(request, '/api/products/filters');
  await expect(sheet.getByRole('combobox', { name: 'Size in stock' }).locator('option')).toHaveCount(choices.sizes.length + 1);
  await sheet.getByRole('combobox', { name: 'Size in stock' }).selectOption('M');
  await sheet.getByRole('combobox', { name: 'Colour' }).selectOption('white');
  await sheet.getByRole('textbox', { name: 'Lowest price' }).fill('900');
  await sheet.getByRole('textbox', { name: 'Highest price' }).fill('400');
  await sheet.getByRole('button', { name: 'Show products' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('The lowest price must not be more than the highest.');
  await sheet.getByRole('textbox', { name: 'Lowest price' }).fill('400');
  await sheet.getByRole('textbox', { name: 'Highest price' }).fill('1200');
  await settle(page);
  await page.screenshot({ path: screenshotPath('filters-sheet-mobile') });
  await sheet.getByRole('button', { name: 'Show products' }).click();
  await expect(sheet).toBeHidden();

  const query = '?sort=price_asc&size=M&color=white&minPrice=400&maxPrice=1200';
  await expect(page).toHaveURL(`/${query}`);
  const filtered = await apiGet<ApiPage>(request, `/api/products${query}`);
  expect(filtered.products.length, 'the demo catalogue has white tees in M from Rs 400 to 1200').toBeGreaterThan(0);
  await expect.poll(() => shown(page)).toEqual(expected(filtered));
  for (const p of filtered.products) {
    expect(p.price).toBeGreaterThanOrEqual(400);
    expect(p.price).toBeLessThanOrEqual(1200);
  }
  await expect(page.getByRole('button', { name: 'Filters, 3 in use' })).toBeVisible();
  const inUse = page.getByRole('list', { name: 'Filters in use' });
  await expect(inUse.getByRole('button')).toHaveText(['Size M', 'Colour white', '₹400.00 – ₹1,200.00']);
  await expectNoHorizontalOverflow(page);
  await loadAllImages(page);
  await settle(page);
  await page.getByRole('heading', { name: 'Latest Products' }).evaluate((el) => el.scrollIntoView());
  await page.screenshot({ path: screenshotPath('filtered-list-mobile') });

  // The URL holds the state: a reload shows the same list, and removing a filter widens it.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  await expect.poll(() => shown(page)).toEqual(expected(filtered));
  await inUse.getByRole('button', { name: 'Remove Colour white' }).click();
  await expect(page).toHaveURL('/?sort=price_asc&size=M&minPrice=400&maxPrice=1200');
  const wider = await apiGet<ApiPage>(request, '/api/products?sort=price_asc&size=M&minPrice=400&maxPrice=1200');
  await expect.poll(() => shown(page)).toEqual(expected(wider));
  if (wider.pages > 1) {
    // Paging keeps the sort and filters.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL('/page/2?sort=price_asc&size=M&minPrice=400&maxPrice=1200');
    const second = await apiGet<ApiPage>(request, '/api/products?sort=price_asc&size=M&minPrice=400&maxPrice=1200&pageNumber=2');
    await expect.poll(() => shown(page)).toEqual(expected(second));
  }

  // Search results take the same controls.
  await page.goto('/search/tee?sort=price_desc&size=XL');
  const searched = await apiGet<ApiPage>(request, '/api/products?keyword=tee&sort=price_desc&size=XL');
  await expect.poll(() => shown(page)).toEqual(expected(searched));
});
