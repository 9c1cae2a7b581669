import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { waitForServiceWorker } from './helpers';

/** What the next release adds to the worker: it tells a page that asks that it is the next release. */
const NEXT_RELEASE = `
self.addEventListener('message', (event) => {
  if (event.data === 'release?') event.source?.postMessage('next release');
});
`;

/** Whether the worker in charge of the page is the next release's (it answers) or the first's. */
function controllerRelease(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve('none');
        navigator.serviceWorker.addEventListener('message', (event) => {
          if (event.data === 'next release') resolve('next');
        });
        controller.postMessage('release?');
        setTimeout(() => resolve('first'), 2000);
      }),
  );
}

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
          const body = Buffer.concat([...chunks, Buffer.from(NEXT_RELEASE)]);
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

/** Opens the app through the proxy, lets the worker take charge, then releases: the prompt shows. */
async function openThenRelease(page: Page, proxy: Awaited<ReturnType<typeof releaseProxy>>) {
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
  return prompt;
}

/** The registration's workers as the page sees them. */
function workers(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: !!registration?.waiting, installing: !!registration?.installing, controlled: navigator.serviceWorker.controller?.state ?? 'none' };
  });
}

/**
 * The registration's workers as its service worker sees them, with no page open: a worker being
 * replaced cannot answer, and says so.
 */
async function registrationSeenByWorker(context: BrowserContext) {
  const worker = context.serviceWorkers().at(-1);
  if (!worker) return 'no worker';
  return worker
    .evaluate(() => {
      const { registration } = self as unknown as { registration: ServiceWorkerRegistration };
      return { waiting: !!registration.waiting, active: registration.active?.state ?? 'none' };
    })
    .catch(() => 'restarting');
}

test('after a release the open app says a new version is available, and Reload switches to it', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const proxy = await releaseProxy(baseURL!);
  try {
    const prompt = await openThenRelease(page, proxy);
    // The new worker waits: the page still runs the version it opened with.
    expect((await workers(page)).waiting).toBe(true);
    expect(await controllerRelease(page)).toBe('first');

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect.poll(() => workers(page)).toEqual({ waiting: false, installing: false, controlled: 'activated' });
    expect(await controllerRelease(page)).toBe('next');
    await expect(prompt).toHaveCount(0);
  } finally {
    await proxy.close();
  }
});

test('after a release, a customer who does not reload gets the new version on the next visit', async ({ context, baseURL }) => {
  test.setTimeout(60_000);
  const proxy = await releaseProxy(baseURL!);
  try {
    const first = await context.newPage();
    await openThenRelease(first, proxy);
    expect(await controllerRelease(first)).toBe('first');
    // The customer leaves without pressing Reload: the last tab of the app closes. The browser lets
    // the waiting worker take over once it learns no page of the app is left, a moment after the
    // tab closes; the next visit comes after that, as a customer's would.
    await first.close();
    await expect
      .poll(() => registrationSeenByWorker(context), { message: 'the waiting worker takes over' })
      .toEqual({ waiting: false, active: 'activated' });

    const next = await context.newPage();
    await next.goto(`${proxy.url}/`);
    await expect(next.getByTestId('product-card').first()).toBeVisible();
    // The worker that waited is the one in charge now; nothing is left waiting, so nothing is offered.
    await expect.poll(() => workers(next)).toEqual({ waiting: false, installing: false, controlled: 'activated' });
    expect(await controllerRelease(next)).toBe('next');
    await expect(next.getByTestId('update-prompt')).toHaveCount(0);
  } finally {
    await proxy.close();
  }
});
