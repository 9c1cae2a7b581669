import pricingVectors from '../../../testdata/pricing.json';
import { describe, expect, it } from 'vitest';
import { priceBuyingItem, priceItems, priceStrings, toPaise, type PaymentMethod } from './pricing';
import { paymentLimitProblem } from './validation';

interface Vector {
  name: string;
  kind: 'cart' | 'buyingItem';
  lines: { price: number; qty: number }[];
  paymentMethod: PaymentMethod;
  actionItem: string | null;
  expected: Record<string, string | boolean>;
}


const file = pricingVectors as { vectors: Vector[] };

describe('pricing vectors shared with Go', () => {
  it('has at least 40 vectors', () => {
    expect(file.vectors.length).toBeGreaterThanOrEqual(40);
  });

  it.each(file.vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const items = v.lines.reduce((sum, l) => sum + toPaise(l.price) * l.qty, 0);
    const p =
      v.kind === 'buyingItem'
        ? priceBuyingItem(items, v.paymentMethod, v.actionItem === 'preOrder')
        : priceItems(items, v.paymentMethod);
    const { onlineAllowed, codAllowed, ...figures } = v.expected;
    expect(priceStrings(p)).toEqual(figures);
    expect(paymentLimitProblem(p, 'Razorpay') === null).toBe(onlineAllowed);
    expect(paymentLimitProblem(p, 'COD') === null).toBe(codAllowed);
  });
});
