import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { waitForServiceWorker } from './helpers';

/**
 * A pass-through proxy in front of haat that can serve a changed service worker script, as the
 * server does after a new release: the browser's own update check (which page.route does not see)
 * then finds a new worker.
 */
async function releaseProxy(upstream: string) {
  let released = false;
  let newWorkerServed = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/', upstream);
    const rewrite = released && target.pathname === '/sw.js';
    const headers = { ...req.headers, host: target.host };
    // The script is changed as text: it must come uncompressed.
    if (rewrite) delete headers['accept-encoding'];
    const forward = http.request(
      target,
      { method: req.method, headers },
      (up) => {
        if (!rewrite) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          newWorkerServed++;
          const body = Buffer.concat([...chunks, Buffer.from('\n// the next release\n')]);
          const changed = { ...up.headers, 'content-length': String(body.length), 'cache-control': 'no-cache' };
          delete changed.etag;
          delete changed['last-modified'];
          res.writeHead(up.statusCode ?? 502, changed);
          res.end(body);
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: () => {
      released = true;
    },
    newWorkerServed: () => newWorkerServed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('after a release the open app says a new version is available, and Reload switches to it', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const proxy = await releaseProxy(baseURL!);
  try {
    await page.goto(`${proxy.url}/`);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await waitForServiceWorker(page);
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toHaveCount(0);

    proxy.release();
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('A new version is available');
    expect(proxy.newWorkerServed()).toBeGreaterThan(0);
    // The new worker waits: the page still runs the version it opened with.
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: !!registration?.waiting, controlled: navigator.serviceWorker.controller?.state ?? 'none' };
        }),
      )
      .toEqual({ waiting: false, controlled: 'activated' });
    await expect(prompt).toHaveCount(0);
  } finally {
    await proxy.close();
  }
});
