import { expect, test } from '@playwright/test';
import { apiGet, cards, cardIds, expectNoHorizontalOverflow, loadAllImages, rupees, screenshotPath, type ApiPage } from './helpers';

test.describe('home page', () => {
  test('shows the 12 newest products with rupee prices in Indian grouping', async ({ page, request }) => {
    const latest = await apiGet<ApiPage>(request, '/api/products');
    expect(latest.products).toHaveLength(12);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    expect(await cardIds(page)).toEqual(latest.products.map((p) => p._id));

    for (const [i, product] of latest.products.entries()) {
      const card = cards(page).nth(i);
      await expect(card).toContainText(product.name);
      await expect(card).toContainText(rupees(product.price));
    }
    // Thousands are grouped the Indian way: ₹1,299.00 (and ₹1,00,000.00 for a lakh).
    const prices = await page.locator('.product-card__price').allTextContents();
    for (const price of prices) expect(price).toMatch(/^₹(?:\d{1,2},(?:\d{2},)*\d{3}|\d{1,3})\.\d{2}$/);
    expect(prices.some((p) => /^₹\d,\d{3}\.\d{2}$/.test(p)), 'some price of at least ₹1,000').toBeTruthy();

    await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    await loadAllImages(page);
    await page.screenshot({ path: screenshotPath('home-desktop'), fullPage: true });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('shows one card per row, the search and the cart outside a hamburger menu, and no sideways scrolling', async ({ page }) => {
      await page.goto('/');
      await expect(cards(page)).toHaveCount(12);
      const [first, second] = await Promise.all([cards(page).nth(0).boundingBox(), cards(page).nth(1).boundingBox()]);
      expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);

      // The search and the cart are always there; the menu holds the rest.
      await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
      const signIn = page.getByRole('link', { name: 'Sign In' });
      await expect(signIn).toBeHidden();
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(signIn).toBeVisible();
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(signIn).toBeHidden();

      await loadAllImages(page);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: screenshotPath('home-mobile'), fullPage: true });
    });

    test('the menu closes after a search', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
      const search = page.getByRole('combobox', { name: 'Search products' });
      await search.fill('polo');
      await search.press('Enter');
      await expect(page).toHaveURL('/search/polo');
      await expect(page.getByRole('link', { name: 'Sign In' })).toBeHidden();
      await expect(search).toBeVisible();
      await expect(cards(page).first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  });
});
