import { useSelector } from 'react-redux';
import type { ShippingAddress } from '../../lib/address';
import {
  priceBuyingItem,
  priceItems,
  toPaise,
  type PaymentMethod,
  type Prices,
  type PriceStrings,
} from '../../lib/pricing';
import { itemsTotal, selectBuyingItem, selectCart, type BuyingItem, type CartItem } from '../cart';

/** What the checkout is buying: the cart, or (while there is one) the buying item alone. */
export interface Checkout {
  buyingItem: BuyingItem | null;
  items: CartItem[];
  shippingAddress: Partial<ShippingAddress>;
  paymentMethod: PaymentMethod;
  prices: PriceStrings;
  /** The prices the order would have with a payment method (paise). */
  pricesWith: (method: PaymentMethod) => Prices;
}

const pick = (p: PriceStrings): PriceStrings => ({
  itemsPrice: p.itemsPrice,
  shippingPrice: p.shippingPrice,
  secureTransactionFee: p.secureTransactionFee,
  discount: p.discount,
  preOrderFee: p.preOrderFee,
  totalPrice: p.totalPrice,
});

/** While a buying item exists, checkout shows and orders only that item (SPEC.md §4). */
export function useCheckout(): Checkout {
  const cart = useSelector(selectCart);
  const buyingItem = useSelector(selectBuyingItem);
  if (buyingItem) {
    return {
      buyingItem,
      items: [buyingItem],
      shippingAddress: cart.shippingAddress,
      paymentMethod: buyingItem.paymentMethod,
      prices: pick(buyingItem),
      pricesWith: (method) => priceBuyingItem(toPaise(buyingItem.price) * buyingItem.qty, method, buyingItem.actionItem === 'preOrder'),
    };
  }
  return {
    buyingItem: null,
    items: cart.cartItems,
    shippingAddress: cart.shippingAddress,
    paymentMethod: cart.paymentMethod,
    prices: pick(cart),
    pricesWith: (method) => priceItems(itemsTotal(cart.cartItems), method),
  };
}
