// Lighthouse (mobile, the default form factor) on the home page and a product page of a fresh demo
// shop: starts `bin/haat serve --demo` on a new temporary data directory, audits, stops it, and
// prints the performance, accessibility, best-practices and SEO scores. `make lighthouse`.
//
// Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) and Lighthouse from the npm
// registry through npx (LIGHTHOUSE, default lighthouse@12.8.2, which runs on Node 20).
// Reports (HTML and JSON) go to web/test-results/lighthouse/. HAAT_LH_MIN=95 makes a lower score fail.
// Each page is audited HAAT_LH_RUNS times (default 5) and the run of median performance kept: scores
// of one run move by several points on a busy machine.
//
// Chromium runs with Lighthouse's own default flags plus only what headless Chromium needs on this
// machine. HAAT_LH_PAINT_HOLDING=off adds --disable-features=PaintHolding, the stricter figure
// (Chromium then paints the page without holding its first frames); the output says which ran.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_FLAGS } from './chromiumFlags.mjs';
import { startDemoShop } from './demoShop.mjs';

const web = path.resolve(import.meta.dirname, '..');
const root = path.resolve(web, '..');
const bin = path.join(root, 'bin', 'haat');
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse@12.8.2';
const min = Number(process.env.HAAT_LH_MIN ?? 0);
const runs = Math.max(1, Number(process.env.HAAT_LH_RUNS ?? 5));
const paintHolding = process.env.HAAT_LH_PAINT_HOLDING !== 'off';
const chromeFlags = ['--headless=new', ...CHROMIUM_FLAGS, ...(paintHolding ? [] : ['--disable-features=PaintHolding'])];
const reports = path.join(web, 'test-results', 'lighthouse');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

fs.mkdirSync(reports, { recursive: true });
console.log(`Lighthouse ${lighthouse}, ${runs} run(s) a page, median kept; paint holding ${paintHolding ? 'on (Chromium\'s default)' : 'off (--disable-features=PaintHolding)'}`);
const shop = await startDemoShop({
  bin,
  port: process.env.HAAT_LH_PORT ? Number(process.env.HAAT_LH_PORT) : undefined,
  // The server's request log, kept beside the reports.
  log: path.join(reports, 'haat.log'),
});
const { base } = shop;

/** The page's load metrics, as Lighthouse shows them. */
function metrics(report) {
  const m = report.audits;
  const shown = (id, label) => `${label} ${m[id].displayValue}`;
  return [
    shown('first-contentful-paint', 'FCP'),
    shown('largest-contentful-paint', 'LCP'),
    shown('total-blocking-time', 'TBT'),
    shown('cumulative-layout-shift', 'CLS'),
    shown('speed-index', 'SI'),
  ].join(', ');
}

let failed = false;
try {
  const latest = await (await fetch(`${base}/api/products`)).json();
  const product = latest.products[0];
  const pages = [
    ['home', `${base}/`],
    ['product', `${base}/product/${encodeURIComponent(product._id)}`],
  ];

  const rows = [];
  for (const [name, url] of pages) {
    const out = path.join(reports, name);
    const done = [];
    for (let i = 1; i <= runs; i++) {
      const runOut = runs > 1 ? `${out}-${i}` : out;
      console.log(`Lighthouse: ${url}${runs > 1 ? ` (run ${i} of ${runs})` : ''}`);
      const run = spawnSync(
        'npx',
        [
          '--yes',
          lighthouse,
          url,
          '--quiet',
          '--output=json',
          '--output=html',
          `--output-path=${runOut}`,
          `--only-categories=${categories.join(',')}`,
          `--chrome-flags=${chromeFlags.join(' ')}`,
        ],
        { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } },
      );
      if (run.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${run.status})`);
      const report = JSON.parse(fs.readFileSync(`${runOut}.report.json`, 'utf8'));
      done.push({ report, runOut });
      console.log(`  performance ${Math.round(report.categories.performance.score * 100)}: ${metrics(report)}`);
    }
    // The run of median performance stands for the page.
    done.sort((a, b) => a.report.categories.performance.score - b.report.categories.performance.score);
    const { report, runOut } = done[Math.floor(done.length / 2)];
    if (runOut !== out) {
      for (const ext of ['json', 'html']) fs.copyFileSync(`${runOut}.report.${ext}`, `${out}.report.${ext}`);
    }
    const scores = Object.fromEntries(categories.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]));
    rows.push({ page: name, ...scores });
    // What cost points, for whoever reads the output.
    for (const c of categories) {
      for (const ref of report.categories[c].auditRefs) {
        const audit = report.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
          console.log(`  ${c}: ${audit.title} (${Math.round(audit.score * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`);
        }
      }
    }
  }

  console.log(`\nLighthouse scores (mobile, median of ${runs}, paint holding ${paintHolding ? 'on' : 'off'}):`);
  console.log(`  ${'page'.padEnd(9)}${categories.map((c) => c.padStart(16)).join('')}`);
  for (const r of rows) {
    console.log(`  ${r.page.padEnd(9)}${categories.map((c) => String(r[c]).padStart(16)).join('')}`);
    if (min && categories.some((c) => r[c] < min)) failed = true;
  }
  console.log(`Reports: ${path.relative(process.cwd(), reports)}/`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  failed = true;
} finally {
  shop.stop();
}
if (failed) process.exit(1);
