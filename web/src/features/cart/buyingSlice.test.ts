import { beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { USER_STORAGE_KEY } from '../../lib/storage';
import { tee } from '../../test/checkout';
import { makeUserInfo } from '../../test/fixtures';
import { sessionRejected } from '../../lib/api';
import { setCredentials } from '../auth';
import {
  refreshBuyingItem,
  removeBuyingItem,
  selectBuyingItem,
  setBuyingItem,
  updateBuyingItemPaymentMethod,
} from './buyingSlice';
import { addToCart, makeCartLine } from './cartSlice';

const user = (expiresInMs: number) => makeUserInfo({ previousSession: null }, expiresInMs);

describe('buying item', () => {
  beforeEach(() => localStorage.clear());

  // Size S is in stock, L is sold out.
  const product = tee('kurta', 300);
  const lineOf = (sizeIndex: number, qty = 1) =>
    makeCartLine(product, product.variants[0], product.variants[0].sizes[sizeIndex], qty);
  const signedIn = () => {
    const store = makeStore();
    store.dispatch(setCredentials(user(60_000)));
    return store;
  };
  const stored = () => JSON.parse(localStorage.getItem(USER_STORAGE_KEY)!);

  it('is set only for a signed-in user', () => {
    const store = makeStore();
    store.dispatch(setBuyingItem({ line: lineOf(0), actionItem: 'buyNow' }));
    expect(store.getState().auth.userInfo).toBeNull();
    expect(selectBuyingItem(store.getState())).toBeNull();
  });

  it('Order Now: one unit, paid online by default, priced and kept in userInfo', () => {
    const store = signedIn();
    store.dispatch(setBuyingItem({ line: lineOf(0, 3), actionItem: 'buyNow' }));
    const item = selectBuyingItem(store.getState());
    expect(item).toMatchObject({
      keyId: 'kurtakurtaS',
      qty: 1,
      price: 300,
      actionItem: 'buyNow',
      paymentMethod: 'Razorpay',
      itemsPrice: '300.00',
      shippingPrice: '0.00',
      secureTransactionFee: '9.00',
      discount: '30.00',
      preOrderFee: '0.00',
      totalPrice: '279.00',
    });
    expect(stored().buyingItem).toEqual(item);
  });

  it('recomputes prices with a new payment method: COD adds shipping under ₹400', () => {
    const store = signedIn();
    store.dispatch(setBuyingItem({ line: lineOf(0), actionItem: 'buyNow' }));
    store.dispatch(updateBuyingItemPaymentMethod('COD'));
    expect(selectBuyingItem(store.getState())).toMatchObject({
      paymentMethod: 'COD',
      shippingPrice: '50.00',
      secureTransactionFee: '0.00',
      discount: '0.00',
      preOrderFee: '0.00',
      totalPrice: '350.00',
    });
  });

  it('a COD pre-order adds the 5% pre-order fee; online it has none', () => {
    const store = signedIn();
    store.dispatch(setBuyingItem({ line: lineOf(2), actionItem: 'preOrder' }));
    expect(selectBuyingItem(store.getState())).toMatchObject({ actionItem: 'preOrder', preOrderFee: '0.00', totalPrice: '279.00' });
    store.dispatch(updateBuyingItemPaymentMethod('COD'));
    // 300 + 50 shipping + 15 pre-order fee
    expect(selectBuyingItem(store.getState())).toMatchObject({ preOrderFee: '15.00', totalPrice: '365.00' });
    expect(stored().buyingItem.preOrderFee).toBe('15.00');
  });

  it('is removed by removeBuyingItem and by Add to Cart', () => {
    const store = signedIn();
    store.dispatch(setBuyingItem({ line: lineOf(0), actionItem: 'buyNow' }));
    store.dispatch(removeBuyingItem());
    expect(selectBuyingItem(store.getState())).toBeNull();
    expect(stored()).not.toHaveProperty('buyingItem');

    store.dispatch(setBuyingItem({ line: lineOf(0), actionItem: 'buyNow' }));
    store.dispatch(addToCart(lineOf(0)));
    expect(selectBuyingItem(store.getState())).toBeNull();
    expect(store.getState().cart.cartItems).toHaveLength(1);
  });

  it("is refreshed from the product's current price", () => {
    const store = signedIn();
    store.dispatch(setBuyingItem({ line: lineOf(0), actionItem: 'buyNow' }));
    store.dispatch(updateBuyingItemPaymentMethod('COD'));
    store.dispatch(refreshBuyingItem({ ...product, price: 450 }));
    expect(selectBuyingItem(store.getState())).toMatchObject({ price: 450, paymentMethod: 'COD', totalPrice: '450.00' });
  });

  it('survives a profile update of the same user but not a different sign-in or a sign-out', () => {
    const store = signedIn();
    store.dispatch(setBuyingItem({ line: lineOf(0), actionItem: 'buyNow' }));
    store.dispatch(setCredentials({ ...user(60_000), name: 'Chitra K' }));
    expect(selectBuyingItem(store.getState())?.keyId).toBe('kurtakurtaS');
    expect(stored()).toMatchObject({ name: 'Chitra K', buyingItem: { keyId: 'kurtakurtaS' } });
    store.dispatch(setCredentials({ ...user(60_000), _id: 'someone-else' }));
    expect(selectBuyingItem(store.getState())).toBeNull();
    expect(stored()).not.toHaveProperty('buyingItem');

    store.dispatch(setBuyingItem({ line: lineOf(0), actionItem: 'buyNow' }));
    store.dispatch(sessionRejected());
    expect(selectBuyingItem(store.getState())).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('is re-priced when loaded, and dropped when malformed or when the stored session has expired', () => {
    const store = signedIn();
    store.dispatch(setBuyingItem({ line: lineOf(2), actionItem: 'preOrder' }));
    const saved = stored();
    localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ ...saved, buyingItem: { ...saved.buyingItem, paymentMethod: 'COD', totalPrice: '1.00' } }),
    );
    let loaded = makeStore().getState();
    expect(selectBuyingItem(loaded)).toMatchObject({ paymentMethod: 'COD', preOrderFee: '15.00', totalPrice: '365.00' });
    expect(loaded.auth.userInfo).not.toHaveProperty('buyingItem');

    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...saved, buyingItem: { keyId: 'x', actionItem: 'steal' } }));
    loaded = makeStore().getState();
    expect(loaded.auth.userInfo?.name).toBe('Chitra Customer');
    expect(selectBuyingItem(loaded)).toBeNull();

    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...saved, loginExpire: new Date(Date.now() - 1000).toISOString() }));
    expect(selectBuyingItem(makeStore().getState())).toBeNull();
  });
});
