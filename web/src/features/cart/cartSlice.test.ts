import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { ADDRESS } from '../../test/checkout';
import { makeProduct } from '../../test/fixtures';
import type { Product } from '../catalog';
import {
  addToCart,
  CART_STORAGE_KEY,
  cartKeyId,
  clearCartItems,
  emptyCart,
  loadCart,
  makeCartLine,
  refreshCartLines,
  removeFromCart,
  savePaymentMethod,
  saveShippingAddress,
  selectCartLineCount,
} from './cartSlice';

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

  it('keeps stored lines, address and method; drops malformed lines; works the prices out afresh', () => {
    const ok = (keyId: string, price: number, qty: number) => ({ keyId, price, qty, variant: { size: { _id: 's', stock: 5 } } });
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        cartItems: [
          ok('a-1', 1000, 1),
          { qty: 3 },
          'junk',
          ok('b-2', 149.5, 2),
          { ...ok('c-3', 100, 1), price: '100' },
          ok('d-4', 100, 0),
          { keyId: 'e-5', price: 1, qty: 1 },
        ],
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
    expect(cart.shippingPrice).toBe('0.00');
    expect(cart.totalPrice).toBe('1299.00');
  });

  it('does not trust stored prices', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        cartItems: [{ keyId: 'a', price: 250, qty: 1, variant: { size: { _id: 's', stock: 5 } } }],
        paymentMethod: 'COD',
        itemsPrice: '1.00',
        shippingPrice: '0.00',
        totalPrice: '1.00',
      }),
    );
    expect(loadCart()).toMatchObject({ itemsPrice: '250.00', shippingPrice: '50.00', totalPrice: '300.00' });
  });

  it('counts distinct lines for the badge in a new store', () => {
    const line = (keyId: string) => ({ keyId, price: 100, qty: 1, variant: { size: { _id: 's', stock: 5 } } });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ cartItems: [line('a'), line('b'), line('a')] }));
    expect(selectCartLineCount(makeStore().getState())).toBe(2);
  });
});

describe('addToCart', () => {
  const tee = makeProduct({
    _id: 'tee',
    name: 'Block Print Tee',
    price: 250,
    reviews: [{ _id: 'r1', name: 'A', rating: 5, comment: 'Nice', createdAt: '2026-01-01T00:00:00Z' }],
    variants: [
      {
        _id: 'teeV1',
        variantName: 'navy',
        swatch: '#000080',
        images: ['/uploads/demo/tee-navy.png'],
        sizes: [
          { _id: 'sM', size: 'M', stock: 4 },
          { _id: 'sL', size: 'L', stock: 0 },
        ],
      },
    ],
  });
  const polo = makeProduct({ _id: 'polo', name: 'Polo', price: 999.5 });
  const line = (p: Product, sizeIndex: number, qty: number) =>
    makeCartLine(p, p.variants[0], p.variants[0].sizes[sizeIndex], qty);

  it('builds a line from the product, the chosen colour reduced to the chosen size, keyId and qty', () => {
    const item = line(tee, 0, 1);
    expect(item.keyId).toBe('teesM');
    expect(item.keyId).toBe(cartKeyId('tee', 'sM'));
    expect(item.qty).toBe(1);
    expect(item.name).toBe('Block Print Tee');
    expect(item.price).toBe(250);
    expect(item.variant).toEqual({
      _id: 'teeV1',
      variantName: 'navy',
      swatch: '#000080',
      images: ['/uploads/demo/tee-navy.png'],
      size: { _id: 'sM', size: 'M', stock: 4 },
    });
    expect(item).not.toHaveProperty('variants');
    expect(item).not.toHaveProperty('reviews');
  });

  it('appends new lines, replaces a line with the same keyId, reprices and saves the cart', () => {
    const store = makeStore();
    store.dispatch(addToCart(line(tee, 0, 1)));
    let cart = store.getState().cart;
    expect(cart.cartItems.map((i) => [i.keyId, i.qty])).toEqual([['teesM', 1]]);
    // Razorpay by default: no shipping, 3% fee, 10% discount
    expect(cart).toMatchObject({
      itemsPrice: '250.00',
      shippingPrice: '0.00',
      secureTransactionFee: '7.50',
      discount: '25.00',
      totalPrice: '232.50',
    });

    store.dispatch(addToCart(line(polo, 0, 2)));
    store.dispatch(addToCart(line(tee, 1, 1)));
    cart = store.getState().cart;
    expect(cart.cartItems.map((i) => [i.keyId, i.qty])).toEqual([
      ['teesM', 1],
      [`polo${polo.variants[0].sizes[0]._id}`, 2],
      ['teesL', 1],
    ]);
    // 250 + 2 × 999.50 + 250 = 2499
    expect(cart.itemsPrice).toBe('2499.00');
    expect(cart.totalPrice).toBe('2324.07'); // 2499 + 74.97 - 249.90

    // Same keyId: replaced in place, not added twice
    store.dispatch(addToCart(line(tee, 0, 3)));
    cart = store.getState().cart;
    expect(cart.cartItems.map((i) => [i.keyId, i.qty])).toEqual([
      ['teesM', 3],
      [`polo${polo.variants[0].sizes[0]._id}`, 2],
      ['teesL', 1],
    ]);
    expect(cart.itemsPrice).toBe('2999.00');
    expect(selectCartLineCount(store.getState())).toBe(3);

    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!);
    expect(saved.cartItems).toHaveLength(3);
    expect(saved.itemsPrice).toBe('2999.00');
    expect(loadCart()).toEqual(cart);
  });

  it('prices for the stored payment method: COD adds shipping under ₹400, no fee or discount', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ cartItems: [], paymentMethod: 'COD' }));
    const store = makeStore();
    store.dispatch(addToCart(line(tee, 0, 1)));
    expect(store.getState().cart).toMatchObject({
      paymentMethod: 'COD',
      itemsPrice: '250.00',
      shippingPrice: '50.00',
      secureTransactionFee: '0.00',
      discount: '0.00',
      totalPrice: '300.00',
    });
    store.dispatch(addToCart(line(tee, 0, 2)));
    expect(store.getState().cart).toMatchObject({ itemsPrice: '500.00', shippingPrice: '0.00', totalPrice: '500.00' });
  });
});

describe('cart actions', () => {
  const shirt = (price: number, id = 'shirt') =>
    makeProduct({
      _id: id,
      price,
      variants: [{ _id: `${id}V`, variantName: 'white', swatch: '#ffffff', images: [], sizes: [{ _id: `${id}S`, size: 'S', stock: 5 }] }],
    });
  const lineOf = (p: Product, qty = 1) => makeCartLine(p, p.variants[0], p.variants[0].sizes[0], qty);
  const saved = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!);
  const codStore = () => {
    const store = makeStore();
    store.dispatch(savePaymentMethod('COD'));
    return store;
  };

  it('a COD cart of ₹399.99 pays ₹50 shipping; ₹400 ships free', () => {
    const store = codStore();
    store.dispatch(addToCart(lineOf(shirt(399.99))));
    expect(store.getState().cart).toMatchObject({ itemsPrice: '399.99', shippingPrice: '50.00', totalPrice: '449.99' });
    store.dispatch(addToCart(lineOf(shirt(400))));
    expect(store.getState().cart).toMatchObject({ itemsPrice: '400.00', shippingPrice: '0.00', totalPrice: '400.00' });
    expect(saved().totalPrice).toBe('400.00');
  });

  it('saving the payment method reprices: Razorpay has the 3% fee and 10% discount and no shipping', () => {
    const store = codStore();
    store.dispatch(addToCart(lineOf(shirt(399.99))));
    store.dispatch(savePaymentMethod('Razorpay'));
    // 399.99 + 12.00 (3%, rounded half up) - 40.00 (10%)
    expect(store.getState().cart).toMatchObject({
      paymentMethod: 'Razorpay',
      shippingPrice: '0.00',
      secureTransactionFee: '12.00',
      discount: '40.00',
      totalPrice: '371.99',
    });
    expect(saved()).toMatchObject({ paymentMethod: 'Razorpay', totalPrice: '371.99' });
  });

  it('changes a quantity by replacing the line, and removes a line by keyId', () => {
    const store = codStore();
    const a = lineOf(shirt(150, 'a'));
    const b = lineOf(shirt(100, 'b'));
    store.dispatch(addToCart(a));
    store.dispatch(addToCart(b));
    store.dispatch(addToCart({ ...a, qty: 3 }));
    expect(store.getState().cart.cartItems.map((i) => [i.keyId, i.qty])).toEqual([
      ['aaS', 3],
      ['bbS', 1],
    ]);
    expect(store.getState().cart).toMatchObject({ itemsPrice: '550.00', shippingPrice: '0.00', totalPrice: '550.00' });

    store.dispatch(removeFromCart('aaS'));
    expect(store.getState().cart.cartItems.map((i) => i.keyId)).toEqual(['bbS']);
    expect(store.getState().cart).toMatchObject({ itemsPrice: '100.00', shippingPrice: '50.00', totalPrice: '150.00' });
    expect(saved().cartItems).toHaveLength(1);

    store.dispatch(removeFromCart('no-such-line'));
    expect(store.getState().cart.cartItems).toHaveLength(1);
  });

  it('saves the shipping address, and clearing keeps address and method but empties and zeroes the cart', () => {
    const store = codStore();
    store.dispatch(addToCart(lineOf(shirt(250))));
    store.dispatch(saveShippingAddress(ADDRESS));
    expect(saved().shippingAddress).toEqual(ADDRESS);
    expect(store.getState().cart.totalPrice).toBe('300.00');

    store.dispatch(clearCartItems());
    const cart = store.getState().cart;
    expect(cart.cartItems).toEqual([]);
    expect(cart).toMatchObject({ itemsPrice: '0.00', shippingPrice: '0.00', totalPrice: '0.00', paymentMethod: 'COD' });
    expect(cart.shippingAddress).toEqual(ADDRESS);
    expect(loadCart()).toEqual(cart);
  });

  it("refreshes lines from the server's current products and reprices", () => {
    const store = codStore();
    const old = shirt(300, 'x');
    store.dispatch(addToCart(lineOf(old, 2)));
    store.dispatch(addToCart(lineOf(shirt(100, 'y'))));
    const now = shirt(350, 'x');
    now.variants[0].sizes[0].stock = 1;
    store.dispatch(refreshCartLines([now]));
    const [x, y] = store.getState().cart.cartItems;
    expect(x).toMatchObject({ keyId: 'xxS', qty: 2, price: 350, variant: { size: { stock: 1 } } });
    expect(y.price).toBe(100);
    expect(store.getState().cart).toMatchObject({ itemsPrice: '800.00', totalPrice: '800.00' });
    expect(saved().itemsPrice).toBe('800.00');
  });

  it('keeps a line whose size the product no longer has as it was', () => {
    const store = codStore();
    store.dispatch(addToCart(lineOf(shirt(300, 'x'))));
    const now = shirt(999, 'x');
    now.variants[0].sizes[0]._id = 'other';
    store.dispatch(refreshCartLines([now]));
    expect(store.getState().cart.cartItems[0].price).toBe(300);
  });
});
