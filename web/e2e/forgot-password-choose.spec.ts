import { expect, test } from '@playwright/test';
import { createUser, newestMail, otpFromOutbox, outboxMark, screenshotPath, signIn, uniqueUser, userMenu } from './helpers';

test('a customer chooses a new password with an e-mailed code, and a device still signed in is told why it was signed out', async ({
  page,
  browser,
}) => {
  const me = uniqueUser('Kavya Choose');
  createUser(me);
  // The first device stays signed in.
  await signIn(page, me.email, me.password);
  await expect(userMenu(page)).toContainText(me.name.slice(0, 20));

  // On another device: the reset, choosing the password (the screen's default way).
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const second = await other.newPage();
  await second.goto('/forgot');
  await expect(second.getByRole('button', { name: 'Choose a password' })).toHaveAttribute('aria-pressed', 'true');
  await second.getByLabel('Email Address').fill(me.email);
  await second.getByLabel('New Password').fill('masala-chai-7');
  await second.getByLabel('Confirm Password').fill('masala-chai-8');
  await expect(second.getByText('The passwords do not match')).toBeVisible();
  await second.getByLabel('Confirm Password').fill('masala-chai-7');
  await second.screenshot({ path: screenshotPath('forgot-choose-desktop') });
  const mark = outboxMark();
  await second.getByRole('button', { name: 'Send OTP' }).click();
  const dialog = second.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Digit 1 of 6').click();
  await second.keyboard.type(await otpFromOutbox(me.email, mark));
  await expect(second.getByText('Your new password is set. Please sign in with it.').first()).toBeVisible();
  const notice = await newestMail(me.email, { after: mark, filter: (m) => m.subject.endsWith('your password was changed') });
  expect(notice.text).not.toContain('masala-chai-7');
  await other.close();

  // The first device learns on its next signed-in page why it must sign in again.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=(%2F|\/)profile$/);
  await expect(page.getByText('Your password was reset. Please sign in with your new password.')).toBeVisible();
  await page.screenshot({ path: screenshotPath('login-ended-desktop') });
  await signIn(page, me.email, 'masala-chai-7', new URL(page.url()).pathname + new URL(page.url()).search);
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText('Your password was reset.')).toBeHidden();
});
