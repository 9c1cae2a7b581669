import { createSlice } from '@reduxjs/toolkit';
import type { Product, SizeStock, Variant } from '../catalog/types';

export const CART_STORAGE_KEY = 'cart';

/** A cart line: the product with its chosen variant reduced to the chosen size. */
export interface CartItem extends Omit<Product, 'variants'> {
  variant: Omit<Variant, 'sizes'> & { size: SizeStock };
  /** product id joined with size id; unique per line */
  keyId: string;
  qty: number;
  actionItem?: 'buyNow' | 'preOrder';
}

export interface ShippingAddress {
  shippingName: string;
  shippingEmail: string;
  shippingPhoneNumber: string;
  address: string;
  city: string;
  district: string;
  state: string;
  pinCode: string;
  landmark: string;
  shippingNote: string;
}

export interface CartState {
  cartItems: CartItem[];
  shippingAddress: Partial<ShippingAddress>;
  paymentMethod: 'Razorpay' | 'COD';
  /** Two-decimal strings, as kept in browser storage. */
  itemsPrice: string;
  shippingPrice: string;
  secureTransactionFee: string;
  discount: string;
  totalPrice: string;
  preOrderFee: string;
}

export function emptyCart(): CartState {
  return {
    cartItems: [],
    shippingAddress: {},
    paymentMethod: 'Razorpay',
    itemsPrice: '0.00',
    shippingPrice: '0.00',
    secureTransactionFee: '0.00',
    discount: '0.00',
    totalPrice: '0.00',
    preOrderFee: '0.00',
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const money = (v: unknown, fallback: string) =>
  typeof v === 'string' && /^-?\d+(\.\d{1,2})?$/.test(v) ? v : fallback;

/** Reads the cart from localStorage. Anything missing or malformed falls back to an empty cart. */
export function loadCart(): CartState {
  const cart = emptyCart();
  let stored: unknown;
  try {
    const raw = globalThis.localStorage?.getItem(CART_STORAGE_KEY);
    if (!raw) return cart;
    stored = JSON.parse(raw);
  } catch {
    return cart;
  }
  if (!isObject(stored)) return cart;

  const items = Array.isArray(stored.cartItems) ? stored.cartItems : [];
  cart.cartItems = items.filter(
    (item): item is CartItem => isObject(item) && typeof item.keyId === 'string' && item.keyId !== '',
  );
  if (isObject(stored.shippingAddress)) {
    cart.shippingAddress = stored.shippingAddress as Partial<ShippingAddress>;
  }
  if (stored.paymentMethod === 'COD' || stored.paymentMethod === 'Razorpay') {
    cart.paymentMethod = stored.paymentMethod;
  }
  cart.itemsPrice = money(stored.itemsPrice, cart.itemsPrice);
  cart.shippingPrice = money(stored.shippingPrice, cart.shippingPrice);
  cart.secureTransactionFee = money(stored.secureTransactionFee, cart.secureTransactionFee);
  cart.discount = money(stored.discount, cart.discount);
  cart.totalPrice = money(stored.totalPrice, cart.totalPrice);
  cart.preOrderFee = money(stored.preOrderFee, cart.preOrderFee);
  return cart;
}

const cartSlice = createSlice({
  name: 'cart',
  // A function, so every new store reads the storage afresh.
  initialState: loadCart,
  // The cart actions (add, remove, shipping, payment, clear) arrive with the cart screen.
  reducers: {},
  selectors: {
    /** Number of distinct lines, shown on the header's cart badge. */
    selectCartLineCount: (cart) => new Set(cart.cartItems.map((item) => item.keyId)).size,
  },
});

export const { selectCartLineCount } = cartSlice.selectors;
export default cartSlice;
