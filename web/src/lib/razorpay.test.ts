import { afterEach, describe, expect, it } from 'vitest';
import { fakeRazorpay } from '../test/razorpay';
import { openCheckout } from './razorpay';

const options = {
  key: 'rzp_test_x',
  orderId: 'order_ABCDEFGHIJKLMN',
  amount: 104850,
  name: 'Haat',
  prefill: { name: 'Chitra', email: 'c@example.com', contact: '9000000003' },
};

describe('openCheckout', () => {
  afterEach(() => {
    delete window.Razorpay;
  });

  it('opens the widget with the key, order, amount, INR and prefill, and resolves on payment', async () => {
    const seen = fakeRazorpay((o) =>
      o.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_ABCDEFGHIJKLMN', razorpay_signature: 's' }),
    );
    const r = await openCheckout('/x.js', options);
    expect(r).toEqual({
      kind: 'paid',
      payment: { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_ABCDEFGHIJKLMN', razorpay_signature: 's' },
    });
    expect(seen[0]).toMatchObject({ key: 'rzp_test_x', order_id: 'order_ABCDEFGHIJKLMN', amount: 104850, currency: 'INR' });
    expect(seen[0].prefill).toEqual(options.prefill);
  });

  it('reports a failed payment with its description', async () => {
    fakeRazorpay((_o, failed) => failed({ error: { description: 'Card declined' } }));
    expect(await openCheckout('/x.js', options)).toEqual({ kind: 'failed', description: 'Card declined' });
  });

  it('reports a closed widget', async () => {
    fakeRazorpay((o) => o.modal.ondismiss());
    expect(await openCheckout('/x.js', options)).toEqual({ kind: 'dismissed' });
  });
});
