import { expect, test } from '@playwright/test';
import { addToCart, choosePayment, landedOnOrder, pickVariant } from './checkout-helpers';
import {
  codeFromText,
  createUser,
  dialogFadedIn,
  dismissToasts,
  expectNoHorizontalOverflow,
  otpFromOutbox,
  outboxMark,
  screenshotPath,
  settle,
  signIn,
  textsMark,
  uniqueUser,
} from './helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.use(PHONE);

test('on a phone, a customer signs in with a texted code, saves an address, picks it at checkout on another device and is thanked for the order', async ({
  page,
  browser,
  request,
}) => {
  const me = uniqueUser('Meera Phone');
  createUser(me);

  // Sign in with a one-time code asked for by mobile number: texted (here into the outbox) and mailed.
  await page.goto('/login?redirect=/addresses');
  await page.getByRole('button', { name: 'One-time code' }).click();
  await page.getByLabel('Email or Mobile Number').fill(me.mobileNo);
  const mails = outboxMark();
  const texts = textsMark();
  await page.getByRole('button', { name: 'Send code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with a code' });
  await expect(dialog).toContainText(`If an account has ${me.mobileNo}, we have sent a 6-digit code to it by SMS`);
  await expect(dialog.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled();
  const code = await codeFromText(me.mobileNo, texts);
  expect(await otpFromOutbox(me.email, mails)).toBe(code);
  await dialogFadedIn(page);
  await page.screenshot({ path: screenshotPath('login-code-390') });
  await dialog.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL('/addresses');
  await expect(page.getByRole('heading', { name: 'My Addresses' })).toBeVisible();

  // An address saved with the account; the pin code fills the state and suggests the district.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Add a new address' }).click();
  const form = page.getByRole('form', { name: 'A new address' });
  await expect(form.getByLabel('Name')).toHaveValue(me.name);
  await form.getByLabel('Address', { exact: true }).fill('22, Lake View Layout, Koramangala');
  await form.getByLabel('Pin Code').fill('560034');
  await expect(form.getByLabel('State')).toHaveValue('Karnataka');
  await expect(form.getByLabel('District')).toHaveValue('Bengaluru Urban');
  await expect(form.getByText('Bengaluru Urban, Karnataka')).toBeVisible();
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByLabel(/^Landmark/).fill('Near the water tank');
  await settle(page);
  await page.screenshot({ path: screenshotPath('address-form-390'), fullPage: true });
  await form.getByRole('button', { name: 'Save address' }).click();
  const saved = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('22, Lake View Layout, Koramangala, Near the water tank, Bengaluru, Bengaluru Urban, Karnataka 560034');
  await expect(saved).toContainText('Default');
  await expectNoHorizontalOverflow(page);
  await settle(page);
  await page.screenshot({ path: screenshotPath('address-book-390'), fullPage: true });

  // Another device: a browser of its own, signed in with the password, a tee in its cart.
  const other = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const phone = await other.newPage();
  const tee = await pickVariant(request, (sizes) => sizes.filter((s) => s.stock >= 5).slice(0, 1), 3);
  await addToCart(phone, tee, tee.sizes[0]);
  await phone.goto('/cart');
  await phone.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(phone).toHaveURL('/login?redirect=/shipping');
  await signIn(phone, me.email, me.password, '/login?redirect=/shipping');
  await expect(phone).toHaveURL('/shipping');

  // The saved address is offered and, as the default, already chosen: no form to fill.
  const choice = phone.getByRole('radio', { name: /22, Lake View Layout/ });
  await expect(choice).toBeChecked();
  await expect(phone.getByLabel('City')).toBeHidden();
  await expect(phone.getByLabel('Save this address to my account')).toBeHidden();
  await expectNoHorizontalOverflow(phone);
  await settle(phone);
  await phone.screenshot({ path: screenshotPath('shipping-picker-390'), fullPage: true });
  await phone.getByRole('button', { name: 'Continue' }).click();
  await expect(phone).toHaveURL('/payment');
  const cart = await phone.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'));
  expect(cart.shippingAddress).toMatchObject({
    shippingName: me.name,
    address: '22, Lake View Layout, Koramangala',
    pinCode: '560034',
    landmark: 'Near the water tank',
  });

  // Placing the order is a success: thanks, the order number and what happens next, and the
  // order's open payment and delivery shown as plain status, not as red alarms.
  await choosePayment(phone, 'Cash on Delivery');
  await expect(phone.getByTestId('review-address')).toContainText('22, Lake View Layout, Koramangala');
  await settle(phone);
  await phone.screenshot({ path: screenshotPath('placeorder-saved-address-390'), fullPage: true });
  await phone.getByRole('button', { name: 'Place Order' }).click();
  const id = await landedOnOrder(phone);
  const { orderId } = (await (await phone.request.get(`/api/orders/${id}`)).json()) as { orderId: string };
  const banner = phone.getByTestId('order-placed-banner');
  await expect(banner).toContainText(`Thank you, your order ${orderId} is placed.`);
  await expect(banner).toContainText('One step left: confirm it, then we pack it and e-mail you when it ships.');
  // The button to confirm is on the first screen, not below the order's details.
  await expect(phone.getByRole('button', { name: 'Confirm Order' })).toBeInViewport();
  await expect(banner).toHaveClass(/alert-success/);
  await expect(banner).toBeInViewport();
  for (const words of ['Payment not received yet', 'Yet to be deliver.']) {
    const status = phone.getByText(words, { exact: true });
    await expect(status).toBeVisible();
    await expect(status).toHaveClass(/\balert\b/);
    await expect(status).not.toHaveClass(/alert-danger/);
    await expect(status).not.toHaveAttribute('role', 'alert');
  }
  await expect(phone.locator('.alert-danger')).toHaveCount(0);
  await expectNoHorizontalOverflow(phone);
  await settle(phone);
  await phone.screenshot({ path: screenshotPath('order-placed-390'), fullPage: true });
  await other.close();
});
