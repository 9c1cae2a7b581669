import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShippingAddress } from '../../lib/address';
import { priceItems, priceStrings, toPaise, type PaymentMethod, type PriceStrings } from '../../lib/pricing';
import { readStored } from '../../lib/storage';
import type { Product, SizeStock, Variant } from '../catalog';

export const CART_STORAGE_KEY = 'cart';

/**
 * A cart line: the product with its chosen variant reduced to the chosen size. The product's
 * reviews are left out: they are not needed in the cart and would bloat browser storage.
 */
export interface CartItem extends Omit<Product, 'variants' | 'reviews'> {
  variant: Omit<Variant, 'sizes'> & { size: SizeStock };
  /** product id joined with size id; unique per line */
  keyId: string;
  qty: number;
  actionItem?: 'buyNow' | 'preOrder';
}

/** The cart as kept in browser storage, its prices as two-decimal strings. */
export interface CartState extends PriceStrings {
  cartItems: CartItem[];
  shippingAddress: Partial<ShippingAddress>;
  paymentMethod: PaymentMethod;
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

/**
 * Reads the cart from localStorage. Anything missing or malformed falls back to an empty cart;
 * malformed lines are dropped and the prices are worked out afresh.
 */
export function loadCart(): CartState {
  const cart = emptyCart();
  const stored = readStored(CART_STORAGE_KEY);
  if (!isObject(stored)) return cart;

  const items = Array.isArray(stored.cartItems) ? stored.cartItems : [];
  cart.cartItems = items.filter(
    (item): item is CartItem =>
      isObject(item) &&
      typeof item.keyId === 'string' &&
      item.keyId !== '' &&
      typeof item.price === 'number' &&
      Number.isFinite(item.price) &&
      item.price >= 0 &&
      Number.isInteger(item.qty) &&
      (item.qty as number) >= 1 &&
      isObject(item.variant) &&
      isObject(item.variant.size),
  );
  if (isObject(stored.shippingAddress)) {
    cart.shippingAddress = stored.shippingAddress as Partial<ShippingAddress>;
  }
  if (stored.paymentMethod === 'COD' || stored.paymentMethod === 'Razorpay') {
    cart.paymentMethod = stored.paymentMethod;
  }
  // The prices follow from the lines and the method: stored ones may be stale or edited.
  reprice(cart);
  return cart;
}

/** keyId of a line: the product id joined with the size id (SPEC.md §3). */
export const cartKeyId = (productId: string, sizeId: string): string => `${productId}${sizeId}`;

/** A cart line for qty units of one size of one colour of a product. */
export function makeCartLine(
  product: Product,
  variant: Variant,
  size: SizeStock,
  qty: number,
): CartItem {
  const { variants: _variants, reviews: _reviews, ...fields } = product;
  const { sizes: _sizes, ...variantFields } = variant;
  return {
    ...fields,
    variant: { ...variantFields, size: { ...size } },
    keyId: cartKeyId(product._id, size._id),
    qty,
  };
}

/** The items total of some lines, in paise. */
export const itemsTotal = (items: Pick<CartItem, 'price' | 'qty'>[]): number =>
  items.reduce((sum, item) => sum + toPaise(item.price) * item.qty, 0);

/** Recomputes every price of the cart from its lines and payment method (SPEC.md §4, §9). */
function reprice(cart: CartState) {
  Object.assign(cart, priceStrings(priceItems(itemsTotal(cart.cartItems), cart.paymentMethod)));
}

/**
 * A cart line brought up to date with the product as the server has it now: its price, name and
 * the chosen size's stock. Returns the line unchanged when the product no longer has that size.
 */
export function refreshLine<T extends CartItem>(line: T, product: Product): T {
  const variant = product.variants.find((v) => v.sizes.some((s) => s._id === line.variant.size._id));
  const size = variant?.sizes.find((s) => s._id === line.variant.size._id);
  if (!variant || !size) return line;
  const { variants: _variants, reviews: _reviews, ...fields } = product;
  const { sizes: _sizes, ...variantFields } = variant;
  return { ...line, ...fields, variant: { ...variantFields, size: { ...size } } };
}

const cartSlice = createSlice({
  name: 'cart',
  // A function, so every new store reads the storage afresh.
  initialState: loadCart,
  reducers: {
    /** Adds a line; a line with the same keyId is replaced, otherwise the line is appended. */
    addToCart(cart, action: PayloadAction<CartItem>) {
      const line = action.payload;
      const i = cart.cartItems.findIndex((item) => item.keyId === line.keyId);
      if (i >= 0) cart.cartItems[i] = line;
      else cart.cartItems.push(line);
      reprice(cart);
    },
    /** Removes the line with this keyId. */
    removeFromCart(cart, action: PayloadAction<string>) {
      cart.cartItems = cart.cartItems.filter((item) => item.keyId !== action.payload);
      reprice(cart);
    },
    saveShippingAddress(cart, action: PayloadAction<ShippingAddress>) {
      cart.shippingAddress = action.payload;
      reprice(cart);
    },
    savePaymentMethod(cart, action: PayloadAction<PaymentMethod>) {
      cart.paymentMethod = action.payload;
      reprice(cart);
    },
    /** Empties the cart after an order; the address and payment method stay for next time. */
    clearCartItems(cart) {
      cart.cartItems = [];
      reprice(cart);
    },
    /**
     * Brings the lines of these products up to date with the server's current data (after the
     * server said the prices in the cart have changed), and reprices the cart.
     */
    refreshCartLines(cart, action: PayloadAction<Product[]>) {
      const byId = new Map(action.payload.map((p) => [p._id, p]));
      cart.cartItems = cart.cartItems.map((item) => {
        const product = byId.get(item._id);
        return product ? refreshLine(item, product) : item;
      });
      reprice(cart);
    },
  },
  selectors: {
    selectCart: (cart) => cart,
    /** Number of distinct lines, shown on the header's cart badge. */
    selectCartLineCount: (cart) => new Set(cart.cartItems.map((item) => item.keyId)).size,
  },
});

export const { addToCart, removeFromCart, saveShippingAddress, savePaymentMethod, clearCartItems, refreshCartLines } =
  cartSlice.actions;
export const { selectCart, selectCartLineCount } = cartSlice.selectors;

/**
 * Saves the cart to browser storage under 'cart' after every change (SPEC.md §4).
 * Called once by makeStore.
 */
export function persistCart(store: { getState: () => { cart: CartState }; subscribe: (f: () => void) => unknown }) {
  let last = store.getState().cart;
  store.subscribe(() => {
    const current = store.getState().cart;
    if (current === last) return;
    last = current;
    try {
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(current));
    } catch {
      // Storage full or disabled: the cart still works for this visit.
    }
  });
}
export default cartSlice;
