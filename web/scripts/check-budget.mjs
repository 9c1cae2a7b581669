// Size budgets of the built app (run after `vite build`; `npm run budget`).
//
// 1. Precache: every file the service worker downloads on install (read from dist/sw.js) must add up
//    to at most PRECACHE_BUDGET_KB as sent over the network: text files gzipped as the server sends
//    them (level 9), pictures as they are. The uncompressed size (what the browser stores) is printed
//    too; the SPEC's "about 1 MB" app.
// 2. Home page: the JavaScript and CSS a first visit to / must load before it can show anything: the
//    entry script, every <link rel="modulepreload"> and stylesheet of dist/index.html and every script
//    they import statically, gzipped as the server sends them (node's zlib, level 9), at most
//    INITIAL_BUDGET_KB. Chunks loaded later with import() (other screens) do not count.
//
// Prints every file and its size; exits 1 when a budget is broken.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { firstLoadFiles } from './firstLoadFiles.mjs';

const PRECACHE_BUDGET_KB = 500;
const INITIAL_BUDGET_KB = 150;

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
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

// --- 2. home page initial JS + CSS --------------------------------------------------------------
const initial = new Set(firstLoadFiles(read('index.html').toString('utf8')));
// Scripts imported statically by those scripts load before the page runs too.
const queue = [...initial].filter((f) => f.endsWith('.js'));
while (queue.length) {
  const file = queue.pop();
  const code = read(file).toString('utf8');
  for (const m of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+\.js)["']/g)) {
    const dep = path.posix.join(path.posix.dirname(file), m[1]);
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}
let js = 0;
let css = 0;
console.log('\nHome page, initial JavaScript and CSS (gzipped):');
for (const file of [...initial].sort()) {
  const size = gzipSize(read(file));
  if (file.endsWith('.css')) css += size;
  else js += size;
  console.log(`  ${kb(size)}  ${file}`);
}
const initialOk = js + css <= INITIAL_BUDGET_KB * KB;
console.log(`  ${kb(js)}  JavaScript\n  ${kb(css)}  CSS`);
console.log(`  ${kb(js + css)}  total; budget ${INITIAL_BUDGET_KB} KB: ${initialOk ? 'ok' : 'OVER'}`);
failed ||= !initialOk;

if (failed) {
  console.error('\nSize budget exceeded (scripts/check-budget.mjs).');
  process.exit(1);
}
