// Renders the app icons in public/ from the brand mark, with Debian's Chromium.
// Run once after changing the mark: node scripts/make-icons.mjs (the PNGs are committed).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const here = path.dirname(new URL(import.meta.url).pathname);
const pub = path.join(here, '..', 'public');
const ink = '#1f2233';
const marigold = '#f4a340';

// The shopping bag on a 32-unit grid (as favicon.svg), drawn inside a square of `scale` of the icon.
const bag = (scale) => {
  const s = scale / 1;
  const t = (32 - 32 * s) / 2;
  return `<g transform="translate(${t} ${t}) scale(${s})">
    <path d="M9 12h14l-1.2 12.2a2 2 0 0 1-2 1.8h-7.6a2 2 0 0 1-2-1.8z" fill="${marigold}"/>
    <path d="M12.5 12V10a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="${marigold}" stroke-width="2" stroke-linecap="round"/>
    <circle cx="13" cy="15.5" r="1" fill="${ink}"/><circle cx="19" cy="15.5" r="1" fill="${ink}"/>
  </g>`;
};

// "any": rounded square; "maskable": full bleed, the mark inside the 80 % safe circle.
const svgs = {
  any: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${ink}"/>${bag(1.15)}</svg>`,
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${ink}"/>${bag(0.85)}</svg>`,
};

const outputs = [
  ['pwa-192x192.png', 'any', 192],
  ['pwa-512x512.png', 'any', 512],
  ['maskable-512x512.png', 'maskable', 512],
  ['maskable-192x192.png', 'maskable', 192],
  ['apple-touch-icon.png', 'maskable', 180],
];

fs.writeFileSync(path.join(pub, 'icon.svg'), svgs.any + '\n');
const browser = await chromium.launch({ executablePath: process.env.HAAT_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const [name, kind, size] of outputs) {
  await page.setViewportSize({ width: size, height: size });
  const svg = svgs[kind].replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.screenshot({ path: path.join(pub, name), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(name, size);
}
await browser.close();
