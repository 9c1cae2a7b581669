// Shared by check-budget.mjs (on the built index.html) and the e2e tests (on the served page).

/**
 * The files a page's HTML asks for before the app runs: scripts with a src, and the modulepreloads
 * and stylesheets it links. Paths are the site's own, without the leading slash, query or hash;
 * other sites' files are left out. Scripts those import statically are not followed.
 * @param {string} html
 * @returns {string[]}
 */
export function firstLoadFiles(html) {
  const local = (href) => href.replace(/^\//, '').split(/[?#]/)[0];
  const files = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    if (!/^https?:/.test(m[1])) files.add(local(m[1]));
  }
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = /\brel="([^"]+)"/.exec(m[0])?.[1] ?? '';
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href && /\b(modulepreload|stylesheet)\b/.test(rel) && !/^https?:/.test(href)) files.add(local(href));
  }
  return [...files];
}
