import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface ApiProduct {
  _id: string;
  name: string;
  description: string;
  price: number;
  tags: string[];
  totalInStock: number;
}

/** A product as the storefront's lists (latest, search, category, top) give it: a card. */
export interface ApiCard {
  _id: string;
  name: string;
  price: number;
  mrp: number | null;
  rating: number;
  numReviews: number;
  totalInStock: number;
  variants: { images: string[] }[];
}

/** A page of a storefront list. */
export interface ApiPage {
  products: ApiCard[];
  pages: number;
  page: number;
}

/** Where full-page screenshots for human review go (gitignored). */
export const screenshotPath = (name: string) => path.join(import.meta.dirname, 'screenshots', `${name}.png`);

export const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

export async function apiGet<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** Every published product, read page by page from /api/products/all. */
export async function everyProduct<T = ApiFullProduct>(request: APIRequestContext): Promise<T[]> {
  const all: T[] = [];
  for (let n = 1; ; n++) {
    const page = await apiGet<{ products: T[]; pages: number }>(request, `/api/products/all?pageNumber=${n}`);
    all.push(...page.products);
    if (n >= page.pages) return all;
  }
}

export const cards = (page: Page) => page.getByTestId('product-card');

/** The product ids the grid links to, in order. */
export async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await cards(page)
    .locator('a[href^="/product/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((h) => decodeURIComponent(h.replace('/product/', '')));
}

/**
 * Scrolls through the page so lazy images load, then checks that every image loaded
 * (a broken picture fails the test) and returns to the top.
 */
export async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) {
      img.scrollIntoView({ block: 'center' });
      if (!img.complete) {
        await new Promise((done) => {
          img.addEventListener('load', done, { once: true });
          img.addEventListener('error', done, { once: true });
          setTimeout(done, 5000);
        });
      }
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.images)
            .filter((img) => !(img.complete && img.naturalWidth > 0))
            .map((img) => img.currentSrc || img.src),
        ),
      { message: 'images that did not load' },
    )
    .toEqual([]);
}

/** Waits until the open dialog has faded in, so that a picture shows it as it stays, not with the page showing through. */
export async function dialogFadedIn(page: Page) {
  await expect(page.locator('.modal')).toHaveCSS('opacity', '1');
}

/** The page must not scroll sideways (nothing overflows a phone screen). */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page width on this screen').toBeLessThanOrEqual(clientWidth);
}

// ---- Accounts: the mail outbox, test users, signing in ----

/** The e2e server's data directory (see playwright.config.ts) and its mail outbox. */
export const dataDir = path.join(import.meta.dirname, '.data');
export const outboxDir = path.join(dataDir, 'outbox');

/** The demo accounts' password. */
export const DEMO_PASSWORD = 'haat-demo';

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Reads one .eml file of the outbox: the headers we need and the decoded text body. */
export function readMail(file: string): Mail {
  const raw = fs.readFileSync(file, 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { file, to: header('To'), subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}

/** The outbox's files of a kind (.eml mail, .sms texts), oldest first (their names start with the time they were written). */
function outboxFiles(ext = '.eml'): string[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => path.join(outboxDir, f));
}

/** Marks the outbox now, so that newestMail only takes what comes after. */
export const outboxMark = () => new Set(outboxFiles());

/**
 * Waits for the newest mail to an address, written after the mark and passing the filter.
 */
export async function newestMail(
  to: string,
  { after = new Set<string>(), filter = () => true }: { after?: Set<string>; filter?: (m: Mail) => boolean } = {},
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        const mails = outboxFiles()
          .filter((f) => !after.has(f))
          .map(readMail)
          .filter((m) => m.to.toLowerCase().includes(`<${to.toLowerCase()}>`) || m.to.toLowerCase() === to.toLowerCase())
          .filter(filter);
        found = mails.at(-1);
        return found?.file ?? null;
      },
      { message: `a mail to ${to} in the outbox`, timeout: 10_000 },
    )
    .not.toBeNull();
  return found!;
}

/** The 6-digit code of the newest OTP mail to an address. */
export async function otpFromOutbox(to: string, after?: Set<string>): Promise<string> {
  const mail = await newestMail(to, { after, filter: (m) => /one-time code \d{6}/.test(m.subject) });
  const code = /one-time code (\d{6})/.exec(mail.subject)?.[1] ?? /^\s+(\d{6})\s*$/m.exec(mail.text)?.[1];
  expect(code, `OTP in ${mail.subject}`).toMatch(/^\d{6}$/);
  return code!;
}

/** Marks the texts in the outbox now, so that codeFromText only takes what comes after. */
export const textsMark = () => new Set(outboxFiles('.sms'));

/** The code of the newest text to a mobile number written after the mark (the e2e server texts into the outbox). */
export async function codeFromText(mobile: string, after = new Set<string>()): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const text = outboxFiles('.sms')
          .filter((f) => !after.has(f))
          .map((f) => fs.readFileSync(f, 'utf8'))
          .filter((t) => t.startsWith(`To: +91${mobile}\n`))
          .at(-1);
        code = text && /^(\d{6}) is your /m.exec(text)?.[1];
        return code ?? null;
      },
      { message: `a text to ${mobile} in the outbox`, timeout: 10_000 },
    )
    .not.toBeNull();
  return code!;
}

/** The new password of the newest password-reset mail: alone on an indented line. */
export async function newPasswordFromOutbox(to: string, after?: Set<string>): Promise<string> {
  const mail = await newestMail(to, { after, filter: (m) => /new password/i.test(m.subject + m.text) });
  const password = /new password is:\s*\n\s*\n?[ \t]+(\S+)[ \t]*$/m.exec(mail.text)?.[1];
  expect(password, `new password in ${mail.subject}`).toBeTruthy();
  return password!;
}

let userSeq = 0;

export interface TestUser {
  name: string;
  email: string;
  mobileNo: string;
  password: string;
}

/** A fresh, unused identity: unique e-mail and mobile number per call and per run. */
export function uniqueUser(label: string): TestUser {
  userSeq += 1;
  const stamp = `${Date.now() % 1_000_000_000}${userSeq}`.slice(-8);
  return {
    name: `${label} ${stamp}`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${stamp}@example.com`,
    mobileNo: `7${stamp.padStart(9, '0')}`.slice(0, 10),
    password: `pw-${stamp}`,
  };
}

/**
 * Adds an account straight to the e2e database with the haat command (`haat user create`), for
 * journeys that need a user but are not about signing up. Its e-mail counts as verified.
 */
export function createUser(user: TestUser, role: 'customer' | 'admin' | 'manufacturer' = 'customer'): string {
  const bin = path.join(import.meta.dirname, '..', '..', 'bin', 'haat');
  const out = execFileSync(
    bin,
    ['user', 'create', '--data', dataDir, '--name', user.name, '--email', user.email, '--mobile', user.mobileNo, '--role', role],
    { input: `${user.password}\n`, encoding: 'utf8' },
  );
  const id = /with id (\S+)/.exec(out)?.[1];
  expect(id, out).toBeTruthy();
  return id!;
}

/** Signs in through the /login form and waits until the header shows the user. */
export async function signIn(page: Page, loginId: string, password: string, url = '/login') {
  await page.goto(url);
  await page.getByLabel('Email or Mobile Number').fill(loginId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The header's user menu (its toggle is titled with the user's name). */
export const userMenu = (page: Page) => page.locator('#user-menu');

/** Closes every toast, so none covers the header's menus (toasts sit top-right, over them). */
export async function dismissToasts(page: Page) {
  for (const close of await page.locator('.Toastify__close-button').all()) {
    await close.click({ timeout: 2_000 }).catch(() => {}); // it may be closing already
  }
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}

// ---- Catalogue: API types, signing in without the login screen, test images ----

export interface ApiVariant {
  _id: string;
  variantName: string;
  images: string[];
  sizes: { _id: string; size: string; stock: number }[];
}

export interface ApiFullProduct extends ApiProduct {
  rating: number;
  numReviews: number;
  totalSold: number;
  reviews: { _id: string; name: string; rating: number; comment: string; createdAt: string }[];
  variants: ApiVariant[];
}

/**
 * Signs in through the API (the session cookie lands in the page's context), stores the returned
 * user as the app does under userInfo, and reloads so the app starts signed in.
 */
export async function signInByApi(page: Page, loginId: string) {
  const res = await page.request.post('/api/users/auth', { data: { loginId, password: DEMO_PASSWORD } });
  expect(res.ok(), `sign in as ${loginId}: ${res.status()}`).toBeTruthy();
  const user = await res.json();
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate((u) => localStorage.setItem('userInfo', JSON.stringify(u)), user);
  await page.reload();
  return user as { _id: string; name: string; role: string };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG of one colour with a lighter square in the middle, made here for uploads. */
export function makePng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inner = x > size / 4 && x < (size * 3) / 4 && y > size / 4 && y < (size * 3) / 4;
      const lift = inner ? 60 : 0;
      row[1 + x * 3] = Math.min(255, r + lift);
      row[2 + x * 3] = Math.min(255, g + lift);
      row[3 + x * 3] = Math.min(255, b + lift);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Lets slides finish moving and jumps to the top (no smooth scrolling), for a steady screenshot. */
export async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForTimeout(700);
}

/** Waits until the app's service worker is active and controls the page. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), {
      message: 'service worker controlling the page',
    })
    .toBe('activated');
}

/** Waits until the service worker has kept a catalogue read (so the page can open offline). */
export async function waitForCached(page: Page, cacheName: string, path: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ([name, p]) => {
            const cache = await caches.open(name);
            return (await cache.keys()).some((r) => new URL(r.url).pathname + new URL(r.url).search === p);
          },
          [cacheName, path],
        ),
      { message: `${path} in the ${cacheName} cache` },
    )
    .toBe(true);
}
