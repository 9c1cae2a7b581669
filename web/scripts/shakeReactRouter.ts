import type { Plugin } from 'vite';

/** react-router's production build: one module of a few chunk files holds all of it. */
const PRODUCTION_CHUNK = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-\w+\.mjs$/;

/**
 * Lets the bundler leave out the parts of react-router the app does not use. Its production build
 * names each component and context for React DevTools (`Link.displayName = "Link"`) and creates them
 * with calls at the top level of the module (`React.createContext(…)`, `React.forwardRef(…)`), which a
 * bundler must keep, with all they reach, in case they do something: every import of react-router
 * then brings its data routers, forms, fetchers and framework-mode prefetching. This drops those
 * names (a production build needs none) and marks those calls as pure.
 */
export function shakeReactRouter(): Plugin {
  return {
    name: 'haat:shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!PRODUCTION_CHUNK.test(id)) return null;
      const out = code
        .replace(/^\s*[\w$]+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^(var [\w$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\(|Object\.getOwnPropertyNames\(Object\.prototype\))/gm, '$1/* @__PURE__ */ $2');
      return out === code ? null : { code: out, map: null };
    },
  };
}
