import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { CART_STORAGE_KEY, emptyCart, loadCart, selectCartLineCount } from './cartSlice';

describe('loadCart', () => {
  it('starts empty with Razorpay as the payment method', () => {
    expect(loadCart()).toEqual(emptyCart());
    expect(emptyCart().paymentMethod).toBe('Razorpay');
    expect(emptyCart().totalPrice).toBe('0.00');
  });

  it.each(['{broken', '"a string"', 'null', '[1,2]', '{"cartItems": "nope"}'])(
    'falls back to an empty cart for %s',
    (raw) => {
      localStorage.setItem(CART_STORAGE_KEY, raw);
      expect(loadCart()).toEqual(emptyCart());
    },
  );

  it('keeps stored lines, address, method and prices; drops lines without a keyId', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        cartItems: [{ keyId: 'a-1', qty: 1 }, { qty: 3 }, 'junk', { keyId: 'b-2', qty: 2 }],
        shippingAddress: { city: 'Pune' },
        paymentMethod: 'COD',
        itemsPrice: '1299.00',
        totalPrice: 'lots',
      }),
    );
    const cart = loadCart();
    expect(cart.cartItems.map((i) => i.keyId)).toEqual(['a-1', 'b-2']);
    expect(cart.shippingAddress).toEqual({ city: 'Pune' });
    expect(cart.paymentMethod).toBe('COD');
    expect(cart.itemsPrice).toBe('1299.00');
    expect(cart.totalPrice).toBe('0.00');
  });

  it('counts distinct lines for the badge in a new store', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ cartItems: [{ keyId: 'a' }, { keyId: 'b' }, { keyId: 'a' }] }));
    expect(selectCartLineCount(makeStore().getState())).toBe(2);
  });
});
