import { expect, test } from '@playwright/test';
import { apiGet, everyProduct, type ApiFullProduct } from './helpers';

function meta(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta\\s+(?:property|name)="${key.replace(/[.:]/g, (c) => `\\${c}`)}"\\s+content="([^"]*)"`);
  return re.exec(html)?.[1];
}

test('a product link carries its preview tags in the raw HTML', async ({ request, baseURL }) => {
  const all = await everyProduct(request);
  const product = await apiGet<ApiFullProduct>(request, `/api/products/${all[0]._id}`);
  const res = await request.get(`/product/${product._id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();

  expect(meta(html, 'og:title')).toContain(product.name);
  expect(meta(html, 'og:type')).toBe('product');
  const image = meta(html, 'og:image')!;
  expect(image).toMatch(/^https?:\/\//);
  expect(image).toBe(new URL(product.variants[0].images[0], baseURL).href);
  expect(Number(meta(html, 'product:price:amount'))).toBe(product.price);
  expect(meta(html, 'product:price:currency')).toBe('INR');
  expect(meta(html, 'og:url')).toBe(new URL(`/product/${product._id}`, baseURL).href);
  expect(html).toMatch(new RegExp(`<title>[^<]*${product.name}[^<]*</title>`));
});
