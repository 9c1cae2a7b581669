import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoHorizontalOverflow, screenshotPath, signIn, userMenu } from './helpers';

test('a guest who opens /profile is sent to sign in, and comes back after', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?redirect=%2Fprofile');
  await page.screenshot({ path: screenshotPath('login-desktop'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('login-mobile'), fullPage: true });
});

test('a customer who opens /admin/userlist lands on /login', async ({ page }) => {
  await signIn(page, 'customer@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL('/');
  await expect(userMenu(page)).toContainText('Chitra Customer');
  // Customers see neither the Admin nor the Manufacturer menu.
  await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manufacturer' })).toHaveCount(0);

  await page.goto('/admin/userlist');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Your account cannot open that page.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
});
