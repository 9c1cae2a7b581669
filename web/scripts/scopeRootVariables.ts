import type { Plugin as PostcssPlugin } from 'postcss';

// Custom properties a lazily loaded stylesheet declares on :root -> the element whose subtree alone
// reads them.
const SCOPES: [prefix: string, scope: string][] = [
  // react-toastify's (the toasts' container, <section class="Toastify">), loaded when the page is idle.
  ['--toastify-', '.Toastify'],
];

/**
 * Moves the custom properties that a stylesheet loaded after the first paint declares on :root to the
 * element that uses them. A rule on :root that changes custom properties, which every element
 * inherits, makes the browser work out the style of the whole page again when the sheet arrives (some
 * tens of milliseconds of a phone's main thread); a rule on a class touches only
 * the elements of that class. Only a :root rule that declares nothing but one prefix's properties (comments aside) moves.
 */
export function scopeRootVariables(): PostcssPlugin {
  return {
    postcssPlugin: 'haat-scope-root-variables',
    OnceExit(css) {
      css.walkRules((rule) => {
        if (rule.selector.trim() !== ':root') return;
        const props: string[] = [];
        rule.each((node) => {
          if (node.type !== 'comment') props.push(node.type === 'decl' ? node.prop : '');
        });
        const scope = SCOPES.find(([prefix]) => props.length > 0 && props.every((p) => p.startsWith(prefix)));
        if (scope) rule.selector = scope[1];
      });
    },
  };
}
