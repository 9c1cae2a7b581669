import { expect, test } from '@playwright/test';
import { signInByApi, waitForServiceWorker } from './helpers';

interface CacheListing {
  name: string;
  urls: string[];
}

test('the service worker caches the shop, never anything signed-in', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await signInByApi(page, 'customer@example.com');

  // Pages that read the user's own data: profile (profile, my orders) and a product.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.getByTestId('product-card').first().locator('a').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const profileRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/profile' && r.ok());
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await profileRead;

  // The signed-in reads and writes of the order and checkout screens, made through the worker.
  const statuses = await page.evaluate(async () => {
    const get = (url: string) => fetch(url, { credentials: 'include' }).then((r) => r.status);
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status);
    return Promise.all([
      get('/api/orders/myorders'),
      get('/api/users/profile'),
      get('/api/orders'),
      post('/api/orders/cartVerification', { cartItems: [] }),
    ]);
  });
  expect(statuses[0]).toBe(200);
  expect(statuses[1]).toBe(200);

  const caches = await page.evaluate(async (): Promise<CacheListing[]> => {
    const out: CacheListing[] = [];
    for (const name of await window.caches.keys()) {
      const cache = await window.caches.open(name);
      out.push({ name, urls: (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search) });
    }
    return out;
  });
  const all = caches.flatMap((c) => c.urls);

  // Nothing per-user, ever.
  expect(all.filter((u) => /^\/api\/(orders|users|upload|payments)/.test(u))).toEqual([]);
  expect(all.filter((u) => u.startsWith('/api/products/admin'))).toEqual([]);

  // The app shell is precached; catalogue reads and pictures are kept at run time.
  const byName = (prefix: string) => caches.find((c) => c.name.includes(prefix))?.urls ?? [];
  expect(byName('precache')).toEqual(expect.arrayContaining([expect.stringMatching(/^\/index\.html/)]));
  expect(byName('precache').some((u) => /^\/assets\/index-.*\.js/.test(u))).toBe(true);
  expect(byName('precache').filter((u) => u.startsWith('/uploads/') || u.startsWith('/api/'))).toEqual([]);
  expect(byName('haat-catalogue')).toEqual(expect.arrayContaining(['/api/products', '/api/config']));
  expect(byName('haat-images').length).toBeGreaterThan(0);
  expect(byName('haat-images').every((u) => u.startsWith('/uploads/'))).toBe(true);
});
