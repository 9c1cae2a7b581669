import { expect, test } from '@playwright/test';
import { apiGet, dismissToasts, screenshotPath, signInByApi, type ApiPage } from './helpers';
import { allProducts } from './checkout-helpers';

const header = 'name,description,price,tags,colour,size,stock,image';

test('an admin imports a catalogue CSV: the check names the bad row, the fixed file imports', async ({ page }) => {
  await signInByApi(page, 'admin@example.com');
  const picture = (await allProducts(page.request))[0].variants[0].images[0];
  const name = `Import Tee ${Date.now()}`;
  const csv = (stock: string) =>
    [header, `${name},Block printed by hand.,649,"men, block_print",teal,M,5,${picture}`, `${name},,,,teal,L,${stock},`].join('\n') + '\n';

  await dismissToasts(page);
  await page.locator('#admin-menu').click();
  await page.getByRole('link', { name: 'Import products' }).click();
  await expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible();

  // A file whose third row has a stock of "lots".
  await page.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('lots')) });
  await page.getByRole('button', { name: 'Check' }).click();
  const problems = page.getByTestId('import-problems');
  await expect(problems.getByRole('row').nth(1)).toContainText('3');
  await expect(problems.getByRole('row').nth(1)).toContainText('stock');
  await expect(page.getByText('1 row has a problem')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  await page.screenshot({ path: screenshotPath('admin-import-problem'), fullPage: true });

  // Fixed: the check says what would be created; importing creates it.
  await page.getByLabel('CSV file').setInputFiles({ name: 'fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('2')) });
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('import-products')).toContainText(name);
  await expect(page.getByTestId('import-products')).toContainText('New');
  const before = await apiGet<ApiPage>(page.request, `/api/products?keyword=${encodeURIComponent(name)}`);
  expect(before.products).toHaveLength(0);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 1 products.')).toBeVisible();
  await page.screenshot({ path: screenshotPath('admin-import-done'), fullPage: true });

  const after = await apiGet<ApiPage>(page.request, `/api/products?keyword=${encodeURIComponent(name)}`);
  expect(after.products.map((p) => [p.name, p.price, p.totalInStock])).toEqual([[name, 649, 7]]);

  // The audit log lists the import.
  await page.goto('/admin/audit');
  await page.getByLabel('Change').selectOption('product.imported');
  await expect(page.getByTestId('audit-row').filter({ hasText: name }).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('admin-audit'), fullPage: true });
});
