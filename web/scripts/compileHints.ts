import type { Plugin } from 'vite';

/** V8's explicit compile hint for a whole file (https://v8.dev/blog/explicit-compile-hints). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the code of the first load (the entry chunk and the chunks it imports statically) with V8's
 * compile hint. Chromium then compiles all of its functions on a background thread while the file
 * streams in, instead of one at a time on the main thread the first time each is called, which is
 * much of what starting the app costs a slow phone. Lazily loaded chunks stay unmarked: much of their
 * code only runs when a customer uses it. Other browsers read the hint as a comment.
 *
 * The line goes in after file names are hashed; it is the same in every build, so a name still stands
 * for one content.
 */
export function compileHints(): Plugin {
  return {
    name: 'haat:compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own, which puts a line of its own on top of the entry chunk.
      order: 'post',
      handler(_options, bundle) {
        for (const entry of Object.values(bundle)) {
          if (entry.type !== 'chunk' || !entry.isEntry) continue;
          for (const name of [entry.fileName, ...entry.imports]) {
            const chunk = bundle[name];
            if (chunk?.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          }
        }
      },
    },
  };
}
