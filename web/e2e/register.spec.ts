import { expect, test } from '@playwright/test';
import { dismissToasts, expectNoHorizontalOverflow, otpFromOutbox, outboxMark, screenshotPath, signIn, uniqueUser, userMenu } from './helpers';

test('a new customer registers with an e-mailed code, logs out, and signs in again by mobile number', async ({ page }) => {
  const me = uniqueUser('Asha Register');

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  await page.getByLabel('Name').fill(me.name);
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  await page.getByLabel('Email Address').fill('not-an-address');
  await expect(verify).toBeDisabled();
  await page.getByLabel('Email Address').fill(me.email);
  await expect(verify).toBeEnabled();

  const mark = outboxMark();
  await verify.click();
  const dialog = page.getByRole('dialog', { name: 'Verify your email' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(me.email);
  const firstBox = dialog.getByLabel('Digit 1 of 6');
  await expect(firstBox).toBeFocused();
  await page.screenshot({ path: screenshotPath('register-otp-desktop') });

  const code = await otpFromOutbox(me.email, mark);
  // One digit per box, the focus moving on by itself; the sixth digit sends the code.
  await page.keyboard.type(code);
  await expect(page.getByText('Email verified successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Email Address')).toHaveAttribute('readonly', '');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // Mobile: digits only, at most 10.
  await page.getByLabel('Mobile Number').fill(`+91 ${me.mobileNo}99`);
  await expect(page.getByLabel('Mobile Number')).toHaveValue(`91${me.mobileNo}`.slice(0, 10));
  await page.getByLabel('Mobile Number').fill(me.mobileNo);
  await expect(page.getByLabel('Mobile Number')).toHaveValue(me.mobileNo);

  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByLabel('Confirm Password').fill(`${me.password}x`);
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(me.password);
  await expect(page.getByText('The passwords do not match')).toBeHidden();

  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL('/');
  await expect(userMenu(page)).toContainText(me.name.slice(0, 20));

  // Logout (SPEC.md §4): back to /login with a toast, the header signed out.
  await dismissToasts(page);
  await userMenu(page).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been logged Out successfully!')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();

  // Signing in by mobile number goes to the redirect target.
  await signIn(page, me.mobileNo, me.password, '/login?redirect=/profile');
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(me.name);
  await expect(page.getByLabel('Email Address')).toHaveValue(me.email);
  await expect(page.getByLabel('Email Address')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Mobile Number')).toHaveValue(me.mobileNo);
  // The sign-up was the previous session: its time in the Indian format.
  await expect(page.getByTestId('last-login')).toHaveText(/^Last signed in on \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} (am|pm)$/i);
  await page.screenshot({ path: screenshotPath('profile-desktop'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath('profile-mobile'), fullPage: true });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the code dialog fits the screen', async ({ page }) => {
    const me = uniqueUser('Phone Register');
    await page.goto('/register');
    await page.getByLabel('Email Address').fill(me.email);
    await page.getByRole('button', { name: 'Verify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify your email' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Digit 1 of 6')).toBeFocused();
    const boxes = await dialog.locator('.otp-box').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    expect(Math.max(...boxes)).toBeLessThanOrEqual(390);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: screenshotPath('register-otp-mobile') });
  });
});
