import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionRejected } from '../../lib/api';
import { priceBuyingItem, priceStrings, toPaise, type PaymentMethod, type PriceStrings } from '../../lib/pricing';
import { addToCart, refreshLine, type CartItem } from '../cart';
import type { Product } from '../catalog';

export const USER_STORAGE_KEY = 'userInfo';

export type Role = 'customer' | 'admin' | 'manufacturer';

/**
 * The signed-in user as kept in browser storage under userInfo (SPEC.md §3): display data only.
 * The credential is the server's HttpOnly session cookie, never stored here.
 */
export interface UserInfo {
  _id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  mobileNo: string;
  role: Role;
  /** ISO time after which the session is over. */
  loginExpire: string;
  /** ISO time of the sign-in before this one, if any. */
  previousSession: string | null;
  /** The one item being bought directly (Order Now or Pre Order), instead of the cart. */
  buyingItem?: BuyingItem;
}

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
function loadBuyingItem(v: unknown): BuyingItem | null {
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

export interface AuthState {
  userInfo: UserInfo | null;
  /**
   * True when the session was ended here on purpose (logout, a new password or e-mail): guarded
   * pages then send the user to plain /login, not /login?redirect=… back to where they were.
   */
  endedHere: boolean;
}

const isUserInfo = (v: unknown): v is UserInfo => {
  if (typeof v !== 'object' || v === null) return false;
  const u = v as Record<string, unknown>;
  return (
    typeof u._id === 'string' &&
    typeof u.name === 'string' &&
    typeof u.loginExpire === 'string' &&
    (u.role === 'customer' || u.role === 'admin' || u.role === 'manufacturer')
  );
};

/** True once the session's loginExpire has passed. */
export const isExpired = (user: UserInfo, now = Date.now()): boolean => !(Date.parse(user.loginExpire) > now);

/** Reads userInfo from storage; a malformed or expired one counts as signed out. */
export function loadUserInfo(): UserInfo | null {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(USER_STORAGE_KEY) ?? 'null');
    if (!isUserInfo(stored) || isExpired(stored)) return null;
    if (stored.buyingItem !== undefined) {
      const item = loadBuyingItem(stored.buyingItem);
      if (item) stored.buyingItem = item;
      else delete stored.buyingItem;
    }
    return stored;
  } catch {
    return null;
  }
}

function clearSession(state: AuthState) {
  state.userInfo = null;
  state.endedHere = false;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => ({ userInfo: loadUserInfo(), endedHere: false }),
  reducers: {
    setCredentials(state, action: PayloadAction<UserInfo>) {
      // The same user's details updated (profile): the item being bought stays.
      const kept = state.userInfo?._id === action.payload._id ? state.userInfo.buyingItem : undefined;
      state.userInfo = kept && !action.payload.buyingItem ? { ...action.payload, buyingItem: kept } : action.payload;
      state.endedHere = false;
    },
    /** The session is gone: expired here, or the server no longer knows it (sessionRejected). */
    clearCredentials: clearSession,
    /** The user ended the session here (logout, or a change that needs a new sign-in). */
    sessionEnded(state) {
      state.userInfo = null;
      state.endedHere = true;
    },
    /**
     * Order Now or Pre Order: one unit of a cart line becomes the item being bought, paid online
     * unless changed later. Only for a signed-in user.
     */
    setBuyingItem(state, action: PayloadAction<{ line: CartItem; actionItem: BuyingAction }>) {
      if (!state.userInfo) return;
      const { line, actionItem } = action.payload;
      state.userInfo.buyingItem = priceBuyingItemLine({ ...line, qty: 1, actionItem }, actionItem, 'Razorpay');
    },
    updateBuyingItemPaymentMethod(state, action: PayloadAction<PaymentMethod>) {
      const item = state.userInfo?.buyingItem;
      if (!item) return;
      state.userInfo!.buyingItem = priceBuyingItemLine(item, item.actionItem, action.payload);
    },
    /** Brings the buying item up to date with its product as the server has it now. */
    refreshBuyingItem(state, action: PayloadAction<Product>) {
      const item = state.userInfo?.buyingItem;
      if (!item || item._id !== action.payload._id) return;
      const line = refreshLine(item, action.payload);
      state.userInfo!.buyingItem = priceBuyingItemLine(line, item.actionItem, item.paymentMethod);
    },
    removeBuyingItem(state) {
      if (state.userInfo) delete state.userInfo.buyingItem;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionRejected, clearSession);
    // Add to Cart goes back to the cart: any item being bought directly is dropped (SPEC.md §4).
    builder.addCase(addToCart, (state) => {
      if (state.userInfo?.buyingItem) delete state.userInfo.buyingItem;
    });
  },
  selectors: {
    selectUserInfo: (state) => state.userInfo,
    selectBuyingItem: (state) => state.userInfo?.buyingItem ?? null,
    selectSessionEndedHere: (state) => state.endedHere,
  },
});

export const {
  setCredentials,
  clearCredentials,
  sessionEnded,
  setBuyingItem,
  updateBuyingItemPaymentMethod,
  refreshBuyingItem,
  removeBuyingItem,
} = authSlice.actions;
export const { selectUserInfo, selectSessionEndedHere, selectBuyingItem } = authSlice.selectors;
export default authSlice;
