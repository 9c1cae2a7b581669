import pricingVectors from '../../../testdata/pricing.json';
import { describe, expect, it } from 'vitest';
import { percentOff, priceBuyingItem, priceItems, priceStrings, toPaise, type PaymentMethod } from './pricing';
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

describe('percentOff', () => {
  it.each([
    [899, 1299, 30],
    [999, 1000, 0],
    [990, 1000, 1],
    [500, 1000, 50],
    [899, 899, 0],
    [899, null, 0],
    [666.67, 1000, 33],
  ])('%s against an MRP of %s is %s%% off', (price, mrp, off) => {
    expect(percentOff(price, mrp)).toBe(off);
  });
});
