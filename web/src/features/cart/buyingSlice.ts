import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { priceBuyingItem, priceStrings, toPaise, type PaymentMethod, type PriceStrings } from '../../lib/pricing';
import { readStored, USER_STORAGE_KEY } from '../../lib/storage';
import type { Product } from '../catalog';
import { addToCart, refreshLine, type CartItem } from './cartSlice';

export type BuyingAction = 'buyNow' | 'preOrder';

/**
 * An item bought on its own (SPEC.md §3, §4): a cart line of one unit with its own payment
 * method and prices (two-decimal strings, like the cart's). A cash-on-delivery pre-order adds
 * the pre-order fee.
 */
export interface BuyingItem extends CartItem, PriceStrings {
  actionItem: BuyingAction;
  paymentMethod: PaymentMethod;
}

/** The buying item with its prices computed for its price, payment method and kind. */
export function priceBuyingItemLine(
  line: CartItem,
  actionItem: BuyingAction,
  paymentMethod: PaymentMethod,
): BuyingItem {
  const prices = priceBuyingItem(toPaise(line.price) * line.qty, paymentMethod, actionItem === 'preOrder');
  return { ...line, actionItem, paymentMethod, ...priceStrings(prices) };
}

/** A stored buying item, re-priced; null when it is not one. */
export function loadBuyingItem(v: unknown): BuyingItem | null {
  if (typeof v !== 'object' || v === null) return null;
  const b = v as Partial<BuyingItem>;
  const valid =
    typeof b._id === 'string' &&
    typeof b.keyId === 'string' &&
    typeof b.price === 'number' &&
    Number.isFinite(b.price) &&
    typeof b.variant?.size?._id === 'string' &&
    (b.actionItem === 'buyNow' || b.actionItem === 'preOrder');
  if (!valid) return null;
  const method: PaymentMethod = b.paymentMethod === 'COD' ? 'COD' : 'Razorpay';
  return priceBuyingItemLine({ ...(b as BuyingItem), qty: 1 }, b.actionItem!, method);
}

export interface BuyingState {
  /** The one item being bought directly (Order Now or Pre Order), instead of the cart. */
  item: BuyingItem | null;
}

/**
 * The buying item as stored: with the signed-in user under userInfo (SPEC.md §3). The app keeps it
 * with the session (src/app/store.ts): stored with userInfo, and gone with it.
 */
function loadStoredBuyingItem(): BuyingState {
  const user = readStored(USER_STORAGE_KEY) as { buyingItem?: unknown } | null;
  return { item: loadBuyingItem(user?.buyingItem) };
}

const buyingSlice = createSlice({
  name: 'buying',
  initialState: loadStoredBuyingItem,
  reducers: {
    /**
     * Order Now or Pre Order: one unit of a cart line becomes the item being bought, paid online
     * unless changed later.
     */
    setBuyingItem(state, action: PayloadAction<{ line: CartItem; actionItem: BuyingAction }>) {
      const { line, actionItem } = action.payload;
      state.item = priceBuyingItemLine({ ...line, qty: 1, actionItem }, actionItem, 'Razorpay');
    },
    updateBuyingItemPaymentMethod(state, action: PayloadAction<PaymentMethod>) {
      if (state.item) state.item = priceBuyingItemLine(state.item, state.item.actionItem, action.payload);
    },
    /** Brings the buying item up to date with its product as the server has it now. */
    refreshBuyingItem(state, action: PayloadAction<Product>) {
      const item = state.item;
      if (!item || item._id !== action.payload._id) return;
      state.item = priceBuyingItemLine(refreshLine(item, action.payload), item.actionItem, item.paymentMethod);
    },
    removeBuyingItem(state) {
      state.item = null;
    },
  },
  extraReducers: (builder) => {
    // Add to Cart goes back to the cart: any item being bought directly is dropped (SPEC.md §4).
    builder.addCase(addToCart, (state) => {
      state.item = null;
    });
  },
  selectors: {
    selectBuyingItem: (state) => state.item,
  },
});

export const { setBuyingItem, updateBuyingItemPaymentMethod, refreshBuyingItem, removeBuyingItem } = buyingSlice.actions;
export const { selectBuyingItem } = buyingSlice.selectors;
export default buyingSlice;
