// Size budgets of the built app (`npm run budget`, run by every build; `make budget`).
//
// 1. Precache: every file the service worker downloads on install (read from dist/sw.js) must add up
//    to at most PRECACHE_BUDGET_KB as sent over the network: text files gzipped as the server sends
//    them (level 9), pictures as they are. The uncompressed size (what the browser stores) is printed
//    too; the SPEC's "about 1 MB" app.
// 2. Home page: what a first visit to / loads before it can show anything: the page's HTML, its entry
//    script, every <link rel="modulepreload"> and stylesheet it names and every script those import
//    statically, each gzipped as the server sends them (node's zlib, level 9), at most
//    FIRST_LOAD_BUDGET_KB. Chunks loaded later with import() (other screens) do not count.
//
//    The server writes each page's head (title, link preview, the first picture's hint and the home
//    page's first screen data: internal/api/preview.go), so the HTML it sends is larger than the
//    built index.html:
//    - `node scripts/check-budget.mjs --served ../bin/haat` (`make budget`) starts that binary as a
//      fresh demo shop and measures a real GET /: its HTML and the files it names, as served;
//    - a build (no binary yet: the binary embeds the build) counts dist/index.html and keeps
//      HEAD_ROOM_KB of the budget for the head, and `make budget` fails when the demo shop's head
//      outgrows that room, so that a build that passes stays within the budget once served.
//
// Prints every file and its size; exits 1 when a budget is broken.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startDemoShop } from './demoShop.mjs';
import { firstLoadFiles } from './firstLoadFiles.mjs';

const PRECACHE_BUDGET_KB = 500;
const FIRST_LOAD_BUDGET_KB = 120;
// The demo shop's home page head: 1.8 KB.
const HEAD_ROOM_KB = 2;

const args = process.argv.slice(2);
const servedAt = args.indexOf('--served');
const binary = servedAt >= 0 ? path.resolve(args.splice(servedAt, 2)[1] ?? '') : null;
const dist = path.resolve(args[0] ?? path.join(import.meta.dirname, '..', 'dist'));
const KB = 1024;
const kb = (n) => (n / KB).toFixed(1).padStart(7) + ' KB';
const read = (rel) => fs.readFileSync(path.join(dist, rel));
const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

let failed = false;

// --- 1. precache -------------------------------------------------------------------------------
const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
// Entries look like {"revision":"…","url":"assets/x.js"} (either order, keys quoted or not).
const manifest = [
  ...new Set(
    [...sw.matchAll(/\{[^{}]*\brevision\b[^{}]*\}/g)]
      .map((m) => /\burl"?\s*:\s*"([^"]+)"/.exec(m[0])?.[1])
      .filter(Boolean),
  ),
];
if (manifest.length === 0) {
  console.error('No precache manifest found in dist/sw.js');
  process.exit(1);
}
let precacheRaw = 0;
let precacheSent = 0;
const compressible = (file) => /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file);
console.log(`Precache (${manifest.length} files, from sw.js), sent / stored:`);
for (const url of manifest.sort()) {
  const buf = read(url);
  const sent = compressible(url) ? gzipSize(buf) : buf.length;
  precacheRaw += buf.length;
  precacheSent += sent;
  console.log(`  ${kb(sent)} ${kb(buf.length)}  ${url}`);
}
const precacheOk = precacheSent <= PRECACHE_BUDGET_KB * KB;
console.log(`  ${kb(precacheSent)} ${kb(precacheRaw)}  total; budget ${PRECACHE_BUDGET_KB} KB sent: ${precacheOk ? 'ok' : 'OVER'}`);
failed ||= !precacheOk;

// --- 2. home page's first load ------------------------------------------------------------------
/**
 * The page's HTML and the files it loads before the app runs, with their gzipped sizes.
 * @param {Buffer} html
 * @param {(file: string) => Promise<Buffer>} read a file of the site by its path (no leading slash)
 */
async function firstLoad(html, read) {
  const sizes = new Map([['(HTML)', gzipSize(html)]]);
  const queue = firstLoadFiles(html.toString('utf8'));
  while (queue.length) {
    const file = queue.pop();
    if (sizes.has(file)) continue;
    const body = await read(file);
    sizes.set(file, gzipSize(body));
    if (!file.endsWith('.js')) continue;
    // Scripts imported statically by those scripts load before the page runs too.
    for (const m of body.toString('utf8').matchAll(/(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), m[1]));
    }
  }
  return sizes;
}

function report(title, sizes) {
  const sum = (test) => [...sizes].filter(([f]) => test(f)).reduce((n, [, size]) => n + size, 0);
  console.log(`\n${title} (gzipped):`);
  for (const [file, size] of [...sizes].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${kb(size)}  ${file}`);
  const html = sizes.get('(HTML)');
  const js = sum((f) => f.endsWith('.js'));
  const css = sum((f) => f.endsWith('.css'));
  console.log(`  ${kb(html)}  HTML\n  ${kb(js)}  JavaScript\n  ${kb(css)}  CSS`);
  return { html, total: sum(() => true) };
}

const built = read('index.html');
if (binary) {
  const shop = await startDemoShop({ bin: binary });
  try {
    const get = async (file) => {
      const res = await fetch(`${shop.base}/${file}`, { headers: { 'Accept-Encoding': 'identity' } });
      if (!res.ok) throw new Error(`GET /${file}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    };
    const { html, total } = report(`Home page of a demo shop, GET / from ${path.relative(process.cwd(), binary)}`, await firstLoad(await get(''), get));
    const ok = total <= FIRST_LOAD_BUDGET_KB * KB;
    console.log(`  ${kb(total)}  total; budget ${FIRST_LOAD_BUDGET_KB} KB: ${ok ? 'ok' : 'OVER'}`);
    failed ||= !ok;
    // What the server's head adds to the built page, against the room a build keeps for it.
    const head = html - gzipSize(built);
    const fits = head <= HEAD_ROOM_KB * KB;
    console.log(`  ${kb(head)}  the page head the server writes; room kept by a build ${HEAD_ROOM_KB} KB: ${fits ? 'ok' : 'OVER (raise HEAD_ROOM_KB)'}`);
    failed ||= !fits;
  } finally {
    shop.stop();
  }
} else {
  const { total } = report('Home page, as built', await firstLoad(built, async (file) => read(file)));
  const ok = total + HEAD_ROOM_KB * KB <= FIRST_LOAD_BUDGET_KB * KB;
  console.log(`  ${kb(HEAD_ROOM_KB * KB)}  room for the page head the server writes (measured by make budget)`);
  console.log(`  ${kb(total + HEAD_ROOM_KB * KB)}  total; budget ${FIRST_LOAD_BUDGET_KB} KB: ${ok ? 'ok' : 'OVER'}`);
  failed ||= !ok;
}

if (failed) {
  console.error('\nSize budget exceeded (scripts/check-budget.mjs).');
  process.exit(1);
}
