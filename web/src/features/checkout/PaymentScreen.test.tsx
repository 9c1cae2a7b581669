import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seed, tee } from '../../test/checkout';
import { testConfig } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import type { ShopConfig } from '../../lib/config';

/** Serves the shop's settings with these payment settings. */
const payments = (payment: ShopConfig['payment']) =>
  mockApi((url) => (url.pathname === '/api/config' ? { body: { ...testConfig, payment } } : undefined));

async function open(serve = () => mockApi()) {
  serve();
  const app = renderApp('/payment');
  await screen.findByRole('heading', { name: 'Payment Method' });
  return app;
}
const online = () => screen.getByRole('radio', { name: /^Razorpay/ });
const cod = () => screen.getByRole('radio', { name: /^Cash on Delivery/ });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('PaymentScreen', () => {
  it('sends a checkout without a complete address back to shipping', async () => {
    seed({ lines: [[tee('a', 500), 0, 1]], address: null });
    mockApi();
    const { router } = renderApp('/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
  });

  it('explains both methods, starts on the saved one and saves the choice, repricing the cart', async () => {
    seed({ lines: [[tee('a', 1000), 0, 1]] });
    const { user, router, store } = await open();
    expect(online()).toBeChecked();
    expect(screen.getByText('Card, UPI, Netbanking, Wallet')).toBeInTheDocument();
    const help = document.getElementById('pay-razorpay-help')!;
    expect(help).toHaveTextContent('10% additional discount on the items (₹100.00 off)');
    expect(help).toHaveTextContent('3% secure transaction fee (₹30.00)');
    expect(help).toHaveTextContent('You pay ₹930.00');
    expect(screen.getByText('For orders of less than 10,000')).toBeInTheDocument();
    expect(document.getElementById('pay-cod-help')).toHaveTextContent('You pay ₹1,000.00');

    await user.click(cod());
    await user.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/placeorder'));
    expect(store.getState().cart).toMatchObject({ paymentMethod: 'COD', secureTransactionFee: '0.00', totalPrice: '1000.00' });
    expect(JSON.parse(localStorage.getItem('cart')!).paymentMethod).toBe('COD');
  });

  it('disables cash on delivery above ₹10,000 and says so', async () => {
    seed({ lines: [[tee('a', 10_000.01), 0, 1]], method: 'COD' });
    await open();
    expect(cod()).toBeDisabled();
    expect(screen.getByText('Cash on delivery is available for orders of less than 10,000.')).toBeInTheDocument();
    // The saved method is not allowed any more: online is chosen instead.
    expect(online()).toBeEnabled();
    expect(online()).toBeChecked();
    expect(continueButton()).toBeEnabled();
  });

  it('allows cash on delivery at exactly ₹10,000', async () => {
    seed({ lines: [[tee('a', 1000), 1, 10]] });
    await open();
    expect(cod()).toBeEnabled();
  });

  it('disables online payment when the total without the fee is above ₹50,000', async () => {
    // 10 × 5,555.60 = 55,556: minus 10% is 50,000.40.
    seed({ lines: [[tee('a', 5555.6), 1, 10]] });
    await open();
    expect(online()).toBeDisabled();
    expect(cod()).toBeDisabled();
    expect(screen.getByText(/Online payment is available for orders up to ₹50,000/)).toBeInTheDocument();
    expect(screen.getByText(/above the limits of both payment methods/)).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
  });

  it('allows online payment at ₹55,555 (₹49,999.50 without the fee)', async () => {
    seed({ lines: [[tee('a', 5555.5), 1, 10]] });
    await open();
    expect(online()).toBeEnabled();
    expect(cod()).toBeDisabled();
  });

  it('for a buying item: prices that item, tells the pre-order fee, and saves the method on it', async () => {
    seed({ lines: [[tee('a', 100), 0, 1]], buying: { product: tee('p', 800), size: 2, action: 'preOrder' } });
    const { user, router, store } = await open();
    expect(document.getElementById('pay-cod-help')).toHaveTextContent('A 5% pre-order fee (₹40.00) applies');
    expect(document.getElementById('pay-cod-help')).toHaveTextContent('You pay ₹840.00');
    await user.click(cod());
    await user.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/placeorder'));
    expect(store.getState().buying.item).toMatchObject({ paymentMethod: 'COD', preOrderFee: '40.00', totalPrice: '840.00' });
    expect(store.getState().cart.paymentMethod).toBe('Razorpay');
  });

  it('disables cash on delivery for a pre-order whose fee takes it above ₹10,000', async () => {
    seed({ buying: { product: tee('p', 10_000), size: 2, action: 'preOrder' } });
    await open();
    expect(cod()).toBeDisabled();
    expect(online()).toBeChecked();
  });

  it('without online payment in the shop: online is disabled with the reason, cash on delivery goes on', async () => {
    seed({ lines: [[tee('a', 1000), 0, 1]] }); // saved method: Razorpay, the default
    const { user, router, store } = await open(() => payments({ checkoutScript: '', online: false, simulator: false }));
    await waitFor(() => expect(online()).toBeDisabled());
    expect(document.getElementById('pay-razorpay-help')).toHaveTextContent(
      'Online payment is not available in this shop right now. Please choose Cash on Delivery.',
    );
    expect(cod()).toBeChecked();
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
    await user.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/placeorder'));
    expect(store.getState().cart.paymentMethod).toBe('COD');
  });

  it('in test mode says that payments are simulated', async () => {
    seed({ lines: [[tee('a', 1000), 0, 1]] });
    await open(() => payments({ checkoutScript: '/api/payments/simulator/checkout.js', online: true, simulator: true }));
    expect(await screen.findByText('Test mode: payments are simulated, no money moves.')).toBeInTheDocument();
    expect(online()).toBeEnabled();
  });

  it('offers no cash on delivery to a COD-blocked pin code, and says why', async () => {
    seed({ lines: [[tee('a', 1000), 0, 1]] });
    const reason = 'Delivery available to 560038. Cash on delivery is not available there: please pay online.';
    await open(() =>
      mockApi((url) =>
        url.pathname.startsWith('/api/delivery/')
          ? { body: { pinCode: url.pathname.split('/').pop(), state: 'Karnataka', serviceable: true, cod: false, message: reason } }
          : undefined,
      ),
    );
    await waitFor(() => expect(cod()).toBeDisabled());
    expect(document.getElementById('pay-cod-help')).toHaveTextContent(reason);
    expect(online()).toBeEnabled();
  });

  it('refuses both methods for a pin code the shop does not serve', async () => {
    seed({ lines: [[tee('a', 1000), 0, 1]] });
    const reason = 'Sorry, we do not deliver to 560038 yet.';
    await open(() =>
      mockApi((url) =>
        url.pathname.startsWith('/api/delivery/')
          ? { body: { pinCode: '560038', state: 'Karnataka', serviceable: false, cod: false, message: reason } }
          : undefined,
      ),
    );
    await waitFor(() => expect(online()).toBeDisabled());
    expect(cod()).toBeDisabled();
    expect(continueButton()).toBeDisabled();
    expect(screen.getAllByText(reason).length).toBeGreaterThan(0);
  });
});
