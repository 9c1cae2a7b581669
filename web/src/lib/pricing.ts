/**
 * Pricing of SPEC.md §9, the twin of internal/shop/pricing.go. Both work in integer paise and
 * round every percentage half up to the paisa; testdata/pricing.json pins them together.
 */

export type PaymentMethod = 'Razorpay' | 'COD';

export const FREE_SHIPPING_FROM = 40_000; // paise
export const SHIPPING_CHARGE = 5_000;
export const SECURE_FEE_PERCENT = 3;
export const DISCOUNT_PERCENT = 10;
export const PRE_ORDER_FEE_PERCENT = 5;

/** Rupees (a number with at most two decimals) to integer paise. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);

/** Integer paise to a two-decimal rupee string, as the cart keeps money. */
export const paiseToString = (paise: number): string => {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const percent = (paise: number, pct: number): number => Math.floor((paise * pct + 50) / 100);

/** A price breakup in paise. */
export interface Prices {
  items: number;
  shipping: number;
  secureFee: number;
  discount: number;
  preOrderFee: number;
  total: number;
}

/** Prices an items total (paise) paid by method. */
export function priceItems(items: number, method: PaymentMethod): Prices {
  const online = method === 'Razorpay';
  const shipping = items > 0 && items < FREE_SHIPPING_FROM && !online ? SHIPPING_CHARGE : 0;
  const secureFee = online ? percent(items, SECURE_FEE_PERCENT) : 0;
  const discount = online ? percent(items, DISCOUNT_PERCENT) : 0;
  return { items, shipping, secureFee, discount, preOrderFee: 0, total: items + shipping + secureFee - discount };
}

/** Prices one item bought directly; a cash-on-delivery pre-order adds 5% of the price. */
export function priceBuyingItem(price: number, method: PaymentMethod, preOrder: boolean): Prices {
  const p = priceItems(price, method);
  if (preOrder && method === 'COD') {
    p.preOrderFee = percent(price, PRE_ORDER_FEE_PERCENT);
    p.total += p.preOrderFee;
  }
  return p;
}

/** A price breakup as the cart, the buying item and a new order carry it: two-decimal rupee strings (SPEC.md §3). */
export interface PriceStrings {
  itemsPrice: string;
  shippingPrice: string;
  secureTransactionFee: string;
  discount: string;
  preOrderFee: string;
  totalPrice: string;
}

/** The two-decimal strings the cart and buying item keep (SPEC.md §3). */
export function priceStrings(p: Prices): PriceStrings {
  return {
    itemsPrice: paiseToString(p.items),
    shippingPrice: paiseToString(p.shipping),
    secureTransactionFee: paiseToString(p.secureFee),
    discount: paiseToString(p.discount),
    preOrderFee: paiseToString(p.preOrderFee),
    totalPrice: paiseToString(p.total),
  };
}

/**
 * The whole per cent a price is below its MRP, rounded down so the shop never claims more off than
 * it gives; 0 without an MRP above the price.
 */
export function percentOff(price: number, mrp: number | null): number {
  if (mrp === null || mrp <= price) return 0;
  const [p, m] = [toPaise(price), toPaise(mrp)];
  return Math.floor(((m - p) * 100) / m);
}
