import type { UserInfo } from '../features/auth';
import { USER_STORAGE_KEY } from '../lib/storage';
import type { Product } from '../features/catalog';
import type { ShopConfig } from '../lib/config';

let seq = 0;

export function makeProduct(overrides: Partial<Product> = {}): Product {
  seq += 1;
  const id = overrides._id ?? `p${seq}`;
  return {
    _id: id,
    name: `Classic Tee ${seq}`,
    description: 'Soft combed cotton.',
    price: 1299,
    mrp: null,
    sizeChart: '',
    rating: 4.5,
    numReviews: 12,
    totalInStock: 20,
    totalSold: 5,
    tags: ['tshirt'],
    reviews: [],
    variants: [
      {
        _id: `${id}-v1`,
        variantName: 'black',
        swatch: '#000000',
        images: [`/uploads/demo/${id}-black-front.png`],
        sizes: [{ _id: `${id}-s1`, size: 'M', stock: 20 }],
      },
    ],
    createdAt: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export const testConfig: ShopConfig = {
  brand: { name: 'Kurta Co', tagline: 'Made in India', blurb: 'Cotton tees from small workshops.' },
  contact: {
    messenger: 'https://m.me/kurtaco?text=Hello',
    whatsapp: 'https://wa.me/919999999999?text=Hello',
    instagram: 'https://ig.me/m/kurtaco',
    email: 'mailto:hello@example.com?subject=Hello',
  },
  social: {
    instagram: 'https://instagram.com/kurtaco',
    facebook: 'https://facebook.com/kurtaco',
    x: 'https://x.com/kurtaco',
    pinterest: 'https://pinterest.com/kurtaco',
  },
  policies: {
    privacy: 'https://example.com/privacy',
    terms: 'https://example.com/terms',
    refund: 'https://example.com/refund',
    shipping: 'https://example.com/shipping',
  },
  payment: { checkoutScript: '/api/payments/simulator/checkout.js', online: true, simulator: true },
};

/** A signed-in user whose session lasts another hour (or ended, with expiresInMs < 0). */
export function makeUserInfo(overrides: Partial<UserInfo> = {}, expiresInMs = 3_600_000): UserInfo {
  return {
    _id: 'u-customer',
    name: 'Chitra Customer',
    email: 'customer@example.com',
    emailVerified: true,
    mobileNo: '9000000003',
    role: 'customer',
    loginExpire: new Date(Date.now() + expiresInMs).toISOString(),
    previousSession: '2026-11-20T14:05:00Z',
    ...overrides,
  };
}

/** Stores a session as the app finds it on load. */
export function storeUserInfo(user: UserInfo) {
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}
