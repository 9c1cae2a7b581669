import { expect, test } from '@playwright/test';
import { apiGet, everyProduct, signInByApi, type ApiFullProduct } from './helpers';

test('a customer writes a review and sees the new average and count', async ({ page, request }) => {
  const all = await everyProduct(request);
  const target = all.find((p) => p.numReviews >= 2)!;
  const before = await apiGet<ApiFullProduct>(request, `/api/products/${target._id}`);
  const total = before.reviews.reduce((sum, r) => sum + r.rating, 0);
  const n = before.reviews.length;
  // The server keeps the average to two decimals; the stars' label shows one.
  const average2 = Math.floor(((total + 1) * 100 + Math.floor((n + 1) / 2)) / (n + 1)) / 100;
  const average = Math.round(average2 * 10) / 10;

  // A guest is asked to sign in, and comes back here afterwards
  await page.goto(`/product/${target._id}`);
  await expect(page.getByText(`${n} reviews`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'sign in', exact: true })).toHaveAttribute('href', `/login?redirect=/product/${target._id}`);

  const user = await signInByApi(page, 'customer@example.com');
  const form = page.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  await expect(page.getByLabel('Rating').locator('option')).toHaveText([
    'Select...',
    '1 Star - Poor',
    '2 Star - Fair',
    '3 Star - Good',
    '4 Star - Very Good',
    '5 Star - Excellent Product',
  ]);
  await page.getByLabel('Rating').selectOption({ label: '1 Star - Poor' });
  const comment = page.getByLabel('Comment');
  await comment.fill('x'.repeat(231));
  const counter = page.getByText(/characters? left$/);
  await expect(counter).toHaveText('19 characters left');
  await expect(counter).toHaveClass(/text-danger/);
  await comment.fill('The print cracked after two washes; the fabric itself is fine.');
  await expect(counter).not.toHaveClass(/text-danger/);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByText('Review Submitted!')).toBeVisible();
  const list = page.getByRole('list', { name: 'Reviews' });
  await expect(list.getByRole('listitem')).toHaveCount(n + 1);
  await expect(list).toContainText('The print cracked after two washes; the fabric itself is fine.');
  await expect(list).toContainText(user.name);
  await expect(page.getByText(`${n + 1} reviews`, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: `Rated ${average} out of 5` }).first()).toBeVisible();

  // One review a customer: the form goes. No order of it was paid, so it is not a verified purchase.
  await expect(form).toBeHidden();
  await expect(page.getByText('Thank you: your review is posted.')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: user.name })).not.toContainText('Verified purchase');

  // After a reload too: the server says this customer has reviewed it.
  await page.reload();
  await expect(page.getByText('You have reviewed this product.')).toBeVisible();
  await expect(form).toBeHidden();
});
