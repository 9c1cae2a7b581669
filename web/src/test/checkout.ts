import { makeStore } from '../app/store';
import { setCredentials } from '../features/auth';
import {
  addToCart,
  makeCartLine,
  savePaymentMethod,
  saveShippingAddress,
  setBuyingItem,
  updateBuyingItemPaymentMethod,
  type BuyingAction,
} from '../features/cart';
import type { ShippingAddress } from '../lib/address';
import type { Product } from '../features/catalog';
import type { PaymentMethod } from '../lib/pricing';
import { makeProduct } from './fixtures';
import { makeUser } from './session';

/** A complete shipping address. */
export const ADDRESS: ShippingAddress = {
  shippingName: 'Chitra Customer',
  shippingEmail: 'customer@example.com',
  shippingPhoneNumber: '9000000003',
  address: '14, 2nd Cross, Indiranagar',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  pinCode: '560038',
  landmark: 'Near the metro station',
  shippingNote: '',
};

/** A product with one colour and sizes S (stock 5), M (stock 12) and L (sold out). */
export function tee(id: string, price: number, overrides: Partial<Product> = {}): Product {
  return makeProduct({
    _id: id,
    name: `Tee ${id}`,
    price,
    variants: [
      {
        _id: `${id}V`,
        variantName: 'navy',
        swatch: '#000080',
        images: [`/uploads/demo/${id}.png`],
        sizes: [
          { _id: `${id}S`, size: 'S', stock: 5 },
          { _id: `${id}M`, size: 'M', stock: 12 },
          { _id: `${id}L`, size: 'L', stock: 0 },
        ],
      },
    ],
    ...overrides,
  });
}

export interface Seed {
  /** Cart lines: a product, the index of its size and a quantity. */
  lines?: [Product, number, number][];
  address?: ShippingAddress | null;
  method?: PaymentMethod;
  /** Signs in a customer (true unless false). */
  signedIn?: boolean;
  buying?: { product: Product; size: number; action: BuyingAction; method?: PaymentMethod };
}

/**
 * Puts a cart (and maybe a session with a buying item) in browser storage the way the app's own
 * actions would, so that renderApp starts with it.
 */
export function seed({ lines = [], address = ADDRESS, method, signedIn = true, buying }: Seed = {}) {
  const store = makeStore();
  if (signedIn) store.dispatch(setCredentials(makeUser('customer')));
  for (const [p, size, qty] of lines) store.dispatch(addToCart(makeCartLine(p, p.variants[0], p.variants[0].sizes[size], qty)));
  if (method) store.dispatch(savePaymentMethod(method));
  if (address) store.dispatch(saveShippingAddress(address));
  if (buying) {
    const { product: p, size, action } = buying;
    store.dispatch(setBuyingItem({ line: makeCartLine(p, p.variants[0], p.variants[0].sizes[size], 1), actionItem: action }));
    if (buying.method) store.dispatch(updateBuyingItemPaymentMethod(buying.method));
  }
  return store.getState();
}
