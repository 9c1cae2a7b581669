import { expect, test } from '@playwright/test';
import { apiGet, cards, type ApiPage } from './helpers';

test('deep links load and survive a reload', async ({ page, request }) => {
  const { products } = await apiGet<ApiPage>(request, '/api/products');
  const product = products[0];

  const checks: [string, () => Promise<void>][] = [
    ['/search/polo', () => expect(page.getByRole('heading', { name: /^\d+ results? for "polo"$/ })).toBeVisible()],
    ['/search/polo/page/1', () => expect(cards(page).first()).toBeVisible()],
    ['/page/2', () => expect(cards(page).first()).toBeVisible()],
    [`/product/${product._id}`, () => expect(page.getByRole('heading', { name: product.name })).toBeVisible()],
  ];

  for (const [path, visible] of checks) {
    const res = await page.goto(path);
    expect(res?.status(), `${path} status`).toBe(200);
    expect(res?.headers()['content-type']).toContain('text/html');
    await visible();

    const again = await page.reload();
    expect(again?.status(), `${path} status on reload`).toBe(200);
    await visible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  }
});
