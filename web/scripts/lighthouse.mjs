// Lighthouse (mobile, the default form factor) on the home page and a product page of a fresh demo
// shop: starts `bin/haat serve --demo` on a new temporary data directory, audits, stops it, and
// prints the performance, accessibility, best-practices and SEO scores. `make lighthouse`.
//
// Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) and Lighthouse from the npm
// registry through npx (LIGHTHOUSE, default lighthouse@12.8.2, which runs on Node 20).
// Reports (HTML and JSON) go to web/test-results/lighthouse/. HAAT_LH_MIN=95 makes a lower score fail.
// HAAT_LH_RUNS=3 audits each page 3 times and keeps the run of median performance (scores of one run
// move by several points on a busy machine).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const root = path.resolve(web, '..');
const bin = path.join(root, 'bin', 'haat');
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse@12.8.2';
const min = Number(process.env.HAAT_LH_MIN ?? 0);
const runs = Math.max(1, Number(process.env.HAAT_LH_RUNS ?? 1));
const reports = path.join(web, 'test-results', 'lighthouse');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

if (!fs.existsSync(bin)) {
  console.error(`${path.relative(process.cwd(), bin)} is missing: run make build first.`);
  process.exit(1);
}

/** A free port on the loopback interface. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealthy(base, server) {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`haat exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('haat did not become healthy in 30 s');
}

const data = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-lighthouse-'));
fs.mkdirSync(reports, { recursive: true });
const port = Number(process.env.HAAT_LH_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data, '--demo'], {
  // The server's request log, kept beside the reports.
  stdio: ['ignore', 'ignore', fs.openSync(path.join(reports, 'haat.log'), 'w')],
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', () => {
  stop();
  fs.rmSync(data, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

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
  await waitForHealthy(base, server);
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
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --disable-quic',
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

  console.log('\nLighthouse scores (mobile):');
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
  stop();
}
if (failed) process.exit(1);
