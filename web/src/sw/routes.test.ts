import { describe, expect, it } from 'vitest';
import { isProductImage, isPublicCatalogue, NOT_APP_PAGES, worthCaching } from './routes';

const url = (path: string) => new URL(path, 'http://127.0.0.1:4180');

describe('service worker routes', () => {
  it('caches the public catalogue reads', () => {
    for (const path of [
      '/api/config',
      '/api/products',
      '/api/products?pageNumber=2',
      '/api/products?keyword=polo',
      '/api/products/top',
      '/api/products/all',
      '/api/products/categories',
      '/api/products/filters',
      '/api/products/category/polo?sort=price_asc&size=M',
      '/api/products/category/graphic%20tee',
      '/api/products/6650a1b2c3d4e5f601234567',
    ]) {
      expect(isPublicCatalogue(url(path)), path).toBe(true);
    }
  });

  it('never caches anything signed-in', () => {
    for (const path of [
      '/api/products/admin',
      '/api/products/admin/p1',
      '/api/products/export.csv',
      '/api/products/import',
      '/api/reports/summary',
      '/api/reports/orders.csv',
      '/api/audit',
      '/api/products/p1/reviews',
      '/api/orders',
      '/api/orders/myorders',
      '/api/orders/o1',
      '/api/orders/cartVerification',
      '/api/orders/preorder',
      '/api/users',
      '/api/users/profile',
      '/api/users/auth',
      '/api/upload',
      '/api/payments/razorpay/webhook',
      '/api/payments/simulator/checkout.js',
    ]) {
      expect(isPublicCatalogue(url(path)), path).toBe(false);
    }
  });

  it('caches product pictures and their copies', () => {
    expect(isProductImage(url('/uploads/demo/tee.png'))).toBe(true);
    expect(isProductImage(url('/uploads/1700-a.jpg?w=320'))).toBe(true);
    expect(isProductImage(url('/assets/index.js'))).toBe(false);
  });

  it('does not answer the API, pictures or server endpoints with the app page', () => {
    const denied = (path: string) => NOT_APP_PAGES.some((re) => re.test(path));
    expect(denied('/api/orders/1')).toBe(true);
    expect(denied('/uploads/a.png')).toBe(true);
    expect(denied('/healthz')).toBe(true);
    expect(denied('/product/p1')).toBe(false);
    expect(denied('/order/o1')).toBe(false);
  });

  it("keeps, of a first visit's requests, only pictures and public catalogue reads of this origin", () => {
    const origin = 'http://127.0.0.1:4180';
    expect(
      worthCaching(
        [
          `${origin}/api/products`,
          `${origin}/api/products`,
          `${origin}/api/users/profile`,
          `${origin}/api/orders/myorders`,
          `${origin}/uploads/demo/a.png?w=640`,
          `${origin}/assets/index.js`,
          'https://cdn.example.com/uploads/a.png',
          'not a url at all ::',
        ],
        origin,
      ),
    ).toEqual([`${origin}/api/products`, `${origin}/uploads/demo/a.png?w=640`]);
  });
});
