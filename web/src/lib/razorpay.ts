/**
 * Opens the payment widget: Razorpay's checkout.js, or the offline simulator's look-alike, whichever
 * script the server names in /api/config (payment.checkoutScript). Both take the same options and
 * call back the same way, so the checkout code is the same in both modes.
 */

import type { ShippingAddress } from './address';

export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error: { code?: string; description?: string; reason?: string; metadata?: Record<string, string> };
}

export interface WidgetOptions {
  key: string;
  orderId: string;
  /** Amount in paise. */
  amount: number;
  name: string;
  description?: string;
  prefill: { name?: string; email?: string; contact?: string };
}

/** The widget's form filled in with the order's receiver. */
export const prefillFrom = (a: ShippingAddress): WidgetOptions['prefill'] => ({
  name: a.shippingName,
  email: a.shippingEmail,
  contact: a.shippingPhoneNumber,
});

/** How the widget ended: paid (with the fields to verify), failed, or closed by the customer. */
export type WidgetResult =
  | { kind: 'paid'; payment: RazorpaySuccess }
  | { kind: 'failed'; description: string }
  | { kind: 'dismissed' };

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', cb: (f: RazorpayFailure) => void): void;
}

type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

const loading = new Map<string, Promise<void>>();

/** Loads the widget script once per page. */
export function loadCheckoutScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (window.Razorpay ? resolve() : reject(new Error('The payment widget did not load.')));
      script.onerror = () => {
        loading.delete(src);
        reject(new Error('The payment widget could not be loaded. Check your connection and try again.'));
      };
      document.head.appendChild(script);
    });
    loading.set(src, p);
  }
  return p;
}

/** Opens the widget and resolves with how it ended. */
export async function openCheckout(scriptSrc: string, o: WidgetOptions): Promise<WidgetResult> {
  await loadCheckoutScript(scriptSrc);
  const Razorpay = window.Razorpay!;
  return new Promise<WidgetResult>((resolve) => {
    const widget = new Razorpay({
      key: o.key,
      order_id: o.orderId,
      amount: o.amount,
      currency: 'INR',
      name: o.name,
      description: o.description,
      prefill: o.prefill,
      handler: (payment: RazorpaySuccess) => resolve({ kind: 'paid', payment }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
    });
    widget.on('payment.failed', (f) => resolve({ kind: 'failed', description: f.error?.description ?? 'Payment failed' }));
    widget.open();
  });
}
