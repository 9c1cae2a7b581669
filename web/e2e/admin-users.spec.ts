import { expect, test, type Page } from '@playwright/test';
import { createUser, DEMO_PASSWORD, dismissToasts, expectNoHorizontalOverflow, screenshotPath, signIn, uniqueUser } from './helpers';

const row = (page: Page, email: string) => page.getByTestId('user-row').filter({ hasText: email });

test("an admin makes a customer a manufacturer and sets a generated password", async ({ page, context }) => {
  const maker = uniqueUser('Meena Maker');
  const makerId = createUser(maker);

  await signIn(page, 'admin@example.com', DEMO_PASSWORD, '/login?redirect=/admin/userlist');
  await expect(page).toHaveURL('/admin/userlist');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(row(page, maker.email)).toContainText('customer');
  await expect(row(page, maker.email).getByRole('link', { name: maker.email })).toHaveAttribute('href', `mailto:${maker.email}`);
  await expect(row(page, 'admin@example.com').getByRole('img', { name: 'Verified' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('userlist-desktop'), fullPage: true });

  // Edit: role and a generated password.
  await row(page, maker.email).getByRole('link', { name: `Edit ${maker.name}` }).click();
  await expect(page).toHaveURL(`/admin/user/${makerId}/edit`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(maker.name);
  await expect(page.getByLabel('Mobile Number')).toHaveValue(maker.mobileNo);

  const length = page.getByLabel('Length');
  await length.fill('5');
  await expect(page.getByText('Password should not be less than 6 characters.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await length.fill('26');
  await expect(page.getByText('Password should not be more than 25 characters.')).toBeVisible();
  await length.fill('16');
  await page.getByRole('button', { name: 'Generate' }).click();
  const generated = await page.getByLabel('Generated password').inputValue();
  expect(generated).toHaveLength(16);
  await page.screenshot({ path: screenshotPath('user-edit-desktop'), fullPage: true });

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy password' }).click();
  await expect(page.getByText('Passowrd Copied to Clipboard Successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);

  await page.getByLabel('Role').selectOption('manufacturer');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('User Details Updated Successfully.')).toBeVisible();
  await expect(page).toHaveURL('/admin/userlist');
  await expect(row(page, maker.email)).toContainText('manufacturer');

  // The new password is the user's now.
  const res = await page.request.post('/api/users/auth', {
    data: { loginId: maker.email, password: generated, loggedIn: false },
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).role).toBe('manufacturer');
});

test('an admin deletes a user after confirming', async ({ page }) => {
  const leaver = uniqueUser('Lal Leaver');
  createUser(leaver);
  await signIn(page, 'admin@example.com', DEMO_PASSWORD, '/login?redirect=/admin/userlist');
  await expect(row(page, leaver.email)).toBeVisible();

  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await row(page, leaver.email).getByRole('button', { name: `Delete ${leaver.name}` }).click();
  await expect(page.getByText('Successfully deleted the user from database.')).toBeVisible();
  expect(asked).toBe('Are you sure to delete the user?');
  await expect(row(page, leaver.email)).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('userlist-mobile'), fullPage: true });

  // The list is paged, newest first: the demo admin is found by searching.
  await page.getByRole('searchbox', { name: 'Search users by name, e-mail or mobile' }).fill('admin@example.com');
  await page.getByRole('search', { name: 'Search users by name, e-mail or mobile' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/admin/userlist?keyword=admin%40example.com');
  await row(page, 'admin@example.com').getByRole('link', { name: 'Edit Asha Admin' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Asha Admin');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('user-edit-mobile'), fullPage: true });

  // The phone menu holds the account menus too.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('button', { name: 'Asha Admin' }).click();
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('header-menu-mobile') });
});
