import { expect, test } from '@playwright/test';
import { apiGet, cards, loadAllImages, screenshotPath, settle, type ApiPage } from './helpers';

const PAGE_SIZE = 12;

test('a category of more than twelve products pages through /category/{c}/page/{n}', async ({ page, request }) => {
  const categories = await apiGet<{ name: string; count: number }[]>(request, '/api/products/categories');
  const big = categories.find((c) => c.count > PAGE_SIZE);
  expect(big, 'the demo catalogue has a category of more than one page').toBeDefined();
  const { name, count } = big!;
  const pages = Math.ceil(count / PAGE_SIZE);
  const href = (n: number) => `/category/${encodeURIComponent(name)}/page/${n}`;
  const ids = () => cards(page).evaluateAll((els) => els.map((el) => el.querySelector('a[href^="/product/"]')?.getAttribute('href') ?? ''));

  await page.goto(`/category/${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  const first = await ids();
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('link')).toHaveCount(pages); // the other pages and Next

  await pager.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(href(2));
  const second = await apiGet<ApiPage>(request, `/api/products/category/${encodeURIComponent(name)}?pageNumber=2`);
  await expect(cards(page)).toHaveCount(Math.min(PAGE_SIZE, count - PAGE_SIZE));
  const shown = await ids();
  expect(shown).toEqual(second.products.map((p) => `/product/${p._id}`));
  expect(shown.filter((id) => first.includes(id))).toEqual([]);
  await expect(pager.locator('[aria-current="page"]')).toHaveText(/^2/);
  // Its chip stays marked on the later page.
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: new RegExp(`^${name}`) })).toHaveClass(/active/);

  await loadAllImages(page);
  await settle(page);
  await page.screenshot({ path: screenshotPath('category-page-2-desktop'), fullPage: true });

  await pager.getByRole('link', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(href(1));
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  expect(await ids()).toEqual(first);
});
