import { expect, test } from '@playwright/test';
import { createUser, screenshotPath, newPasswordFromOutbox, otpFromOutbox, outboxMark, signIn, uniqueUser, userMenu } from './helpers';

test('a customer resets a forgotten password with an e-mailed code and signs in with the mailed password', async ({ page }) => {
  const me = uniqueUser('Ravi Forgot');
  createUser(me);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot');
  await page.getByRole('button', { name: 'Mail me one' }).click();
  await page.getByLabel('Email Address').fill(me.email);
  await page.screenshot({ path: screenshotPath('forgot-desktop') });

  const mark = outboxMark();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog).toBeVisible();
  const code = await otpFromOutbox(me.email, mark);

  // A wrong code is refused with the server's message, and the boxes empty for another try.
  const wrong = code === '000000' ? '111111' : '000000';
  await dialog.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(wrong);
  await expect(dialog.getByRole('alert')).toHaveText('OTP verification failed');
  await expect(dialog.getByLabel('Digit 1 of 6')).toHaveValue('');

  await page.keyboard.type(code);
  await expect(page.getByText('Please check your email for the new password.').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const newPassword = await newPasswordFromOutbox(me.email, mark);
  expect(newPassword).toHaveLength(10);

  // The old password no longer works.
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, me.email, me.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email/mobile number or password');
  await expect(page).toHaveURL('/login');

  await signIn(page, me.email, newPassword);
  await expect(page).toHaveURL('/');
  await expect(userMenu(page)).toContainText(me.name.slice(0, 20));
});
