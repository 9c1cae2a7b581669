import { describe, expect, it } from 'vitest';
import { CART_MESSAGES, decreaseQty, increaseQty, MAX_LINE_QTY } from './quantity';

const line = (qty: number, stock: number) => ({ qty, variant: { size: { stock } } });

describe('cart quantity rules', () => {
  it('lets a signed-in user add one more while under 10 and under the stock', () => {
    expect(increaseQty(line(1, 20), true)).toEqual({ qty: 2 });
    expect(increaseQty(line(9, 20), true)).toEqual({ qty: 10 });
    expect(increaseQty(line(2, 3), true)).toEqual({ qty: 3 });
  });

  it('stops at 10 and at the size stock', () => {
    expect(MAX_LINE_QTY).toBe(10);
    expect(increaseQty(line(10, 40), true)).toEqual({ refused: 'Maximum Available Stock Quantity Reached' });
    expect(increaseQty(line(3, 3), true)).toEqual({ refused: CART_MESSAGES.maxStock });
    expect(increaseQty(line(1, 1), true)).toEqual({ refused: CART_MESSAGES.maxStock });
  });

  it('never lets a guest raise a quantity', () => {
    expect(increaseQty(line(1, 20), false)).toEqual({ refused: 'Please Log In to Add More Quantity' });
  });

  it('goes down to 1 and then points at the delete button', () => {
    expect(decreaseQty(line(3, 5))).toEqual({ qty: 2 });
    expect(decreaseQty(line(2, 5))).toEqual({ qty: 1 });
    expect(decreaseQty(line(1, 5))).toEqual({ refused: 'Use the Delete Button' });
  });
});
