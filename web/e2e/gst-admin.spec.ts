import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, screenshotPath, signInByApi } from './helpers';

test('an admin sets the seller details, with the GSTIN checked, and downloads the month’s GST CSV', async ({ page }) => {
  await signInByApi(page, 'admin@example.com');
  await page.goto('/admin/settings');
  const section = page.locator('form', { has: page.getByRole('button', { name: 'Save Seller details' }) });
  await section.getByLabel('Legal name').fill('Haat Apparel Private Limited');
  await section.getByLabel('Trade name').fill('Haat');
  await section.getByLabel('Registered address').fill('5 Church Street, Bengaluru 560001');
  await section.getByLabel('State of registration').selectOption('Maharashtra');
  await section.getByLabel('GSTIN').fill('29abcde1234f1zw');
  await section.getByLabel('Invoice prefix').fill('HT');
  await section.getByRole('button', { name: 'Save Seller details' }).click();
  await expect(page.getByText('A GSTIN registered in Maharashtra starts with 27, not 29')).toBeVisible();

  await section.getByLabel('State of registration').selectOption('Karnataka');
  await section.getByRole('button', { name: 'Save Seller details' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('GSTIN')).toHaveValue('29ABCDE1234F1ZW');
  await expect(page.getByText('Without a GSTIN the shop issues no tax invoices.', { exact: false })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('store-settings-seller-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('store-settings-seller-mobile'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/admin/reports');
  const month = page.getByLabel('Month');
  await month.fill(new Date().toISOString().slice(0, 7));
  await page.screenshot({ path: screenshotPath('reports-desktop'), fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download GST CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^gst-\d{4}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('rate_percent,place_of_supply,state_code,taxable_value,igst,cgst,sgst,invoices,credit_notes');
  expect(csv).toMatch(/\nTotal,,,\d+\.\d{2},/);
  expect(csv).toContain('hsn,rate_percent,quantity,taxable_value');
});
