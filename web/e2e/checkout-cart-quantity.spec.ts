import { expect, test, type Page } from '@playwright/test';
import { dismissToasts, signInByApi } from './helpers';
import { addToCart, CUSTOMER, pickVariant, shoot, type Pick } from './checkout-helpers';

const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text });
/** The cart line of a product's size, told by its name and size. */
type Sized = { pick: Pick; size: string };
const line = (page: Page, { pick, size }: Sized) =>
  page.getByTestId('cart-line').filter({ hasText: pick.product.name }).filter({ hasText: `Size ${size}` });
const qty = (page: Page, l: Sized) => line(page, l).getByTestId('qty');
const plus = (page: Page, l: Sized) => line(page, l).getByRole('button', { name: /^Increase quantity/ });
const minus = (page: Page, l: Sized) => line(page, l).getByRole('button', { name: /^Reduce quantity/ });

test('cart quantities: guests cannot raise them, 1 is the floor, stock and 10 are the ceiling', async ({ page }) => {
  // A size with little stock (under 10) and a size with plenty (over 10).
  const low: Pick = await pickVariant(page.request, (sizes) => {
    const s = sizes.find((x) => x.stock >= 2 && x.stock <= 6);
    return s ? [s] : null;
  });
  const high: Pick = await pickVariant(page.request, (sizes, p) => {
    const s = sizes.find((x) => x.stock >= 12);
    return s && p._id !== low.product._id ? [s] : null;
  });
  const [lowSize] = low.sizes;
  const [highSize] = high.sizes;
  const L = { pick: low, size: lowSize.size };
  const H = { pick: high, size: highSize.size };

  await addToCart(page, low, lowSize);
  await addToCart(page, high, highSize);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  // A guest: plus is refused with a prompt to log in; minus at 1 points at Delete.
  await plus(page, L).click();
  await expect(toast(page, 'Please Log In to Add More Quantity')).toBeVisible();
  await expect(qty(page, L)).toHaveText('1');
  await minus(page, L).click();
  await expect(toast(page, 'Use the Delete Button')).toBeVisible();
  await expect(qty(page, L)).toHaveText('1');
  await dismissToasts(page);

  // Signed in (the cart stays in the browser): up to the size's stock, no further.
  await signInByApi(page, CUSTOMER);
  await page.goto('/cart');
  for (let n = 2; n <= lowSize.stock; n++) {
    await plus(page, L).click();
    await expect(qty(page, L)).toHaveText(String(n));
  }
  await plus(page, L).click();
  await expect(toast(page, 'Maximum Available Stock Quantity Reached')).toBeVisible();
  await expect(qty(page, L)).toHaveText(String(lowSize.stock));
  await dismissToasts(page);

  // Plenty of stock: 10 at most.
  for (let n = 2; n <= 10; n++) {
    await plus(page, H).click();
    await expect(qty(page, H)).toHaveText(String(n));
  }
  // The cap, not the stock (which is higher), is what stops it.
  await plus(page, H).click();
  await expect(toast(page, 'At most 10 units of a size can be ordered at once.')).toBeVisible();
  await expect(qty(page, H)).toHaveText('10');

  // Minus goes down again; the subtotal counts units; the quantities survive a reload.
  await minus(page, H).click();
  await expect(qty(page, H)).toHaveText('9');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(`Subtotal (${9 + lowSize.stock} items)`);
  await page.reload();
  await expect(qty(page, H)).toHaveText('9');
  // The server agrees with these quantities: no stock issue is shown.
  await expect(page.getByText('Remove it and add again')).toHaveCount(0);

  // Delete empties the cart line by line.
  await line(page, L).getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await line(page, H).getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByText('Your Cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go shopping' })).toHaveAttribute('href', '/');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
});

test('the cart checks its stock with the server and shows each line with an issue', async ({ page }) => {
  // A sold-out size slipped into the cart (say, it sold out since it was added).
  const pick = await pickVariant(page.request, (sizes) => {
    const gone = sizes.find((s) => s.stock === 0);
    const there = sizes.find((s) => s.stock >= 1);
    return gone && there ? [gone, there] : null;
  });
  const [gone, there] = pick.sizes;
  await addToCart(page, pick, there);
  await page.evaluate(
    ({ sizeId, size }) => {
      const cart = JSON.parse(localStorage.getItem('cart')!);
      const line = cart.cartItems[0];
      const stale = { ...line, keyId: line._id + sizeId, variant: { ...line.variant, size: { _id: sizeId, size, stock: 3 } } };
      cart.cartItems.push(stale);
      localStorage.setItem('cart', JSON.stringify(cart));
    },
    { sizeId: gone._id, size: gone.size },
  );
  await page.goto('/cart');
  await expect(toast(page, 'Please recheck your cart items.')).toBeVisible();
  await expect(page.getByText("There's some issue with the stock status with the items in your cart.")).toBeVisible();
  await expect(line(page, { pick, size: gone.size }).getByRole('alert')).toHaveText(
    'This size is out of stock. Remove it and add again to update item quantity.',
  );
  await expect(line(page, { pick, size: there.size }).getByRole('alert')).toHaveCount(0);
  await dismissToasts(page);
  await shoot(page, 'cart-stock-issue');

  // Removing it clears the issue.
  await line(page, { pick, size: gone.size }).getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByText("There's some issue with the stock status")).toHaveCount(0);
});
