import { describe, expect, it } from 'vitest';
import { pageFiles } from './pagePreloads';

type Bundle = Parameters<typeof pageFiles>[0];

/** A built chunk with what pageFiles reads of it: its modules (and whether they render code), imports and styles. */
function chunk(fileName: string, o: { entry?: boolean; modules: Record<string, number>; imports?: string[]; css?: string[] }) {
  return {
    type: 'chunk',
    fileName,
    isEntry: o.entry ?? false,
    imports: o.imports ?? [],
    moduleIds: Object.keys(o.modules),
    modules: Object.fromEntries(Object.entries(o.modules).map(([id, renderedLength]) => [id, { renderedLength }])),
    exports: Object.values(o.modules).some((n) => n > 0) ? ['default'] : [],
    viteMetadata: { importedCss: new Set(o.css ?? []), importedAssets: new Set() },
  };
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', { entry: true, modules: { '/src/main.tsx': 900 }, imports: ['assets/react.js'], css: ['assets/index.css'] }),
    chunk('assets/react.js', { modules: { '/node_modules/preact/dist/preact.mjs': 9000 } }),
    chunk('assets/screenRoutes.js', { modules: { '/src/app/screenRoutes.tsx': 600 }, imports: ['assets/react.js'] }),
    chunk('assets/screenStyles.js', { modules: { '/src/app/screenStyles.ts': 0, '/src/app/screens.scss': 0 }, css: ['assets/screenStyles.css'] }),
    chunk('assets/ProductScreen.js', {
      modules: { '/src/features/catalog/ProductScreen.tsx': 3000 },
      imports: ['assets/shared.js', 'assets/react.js'],
      css: ['assets/ProductScreen.css', 'assets/index.css'],
    }),
    chunk('assets/shared.js', { modules: { '/src/app/layout/Toasts.tsx': 400 }, css: ['assets/Toasts.css'] }),
    chunk('assets/CartScreen.js', { modules: { '/src/features/cart/CartScreen.tsx': 800 }, imports: ['assets/shared.js'] }),
  ].map((c) => [c.fileName, c]),
) as unknown as Bundle;

describe('pageFiles', () => {
  it("lists the modules' chunks and what they import, less the first load, and a styles-only chunk by its styles", () => {
    expect(pageFiles(bundle, [/screenRoutes\.tsx$/, /screenStyles\.ts$/, /ProductScreen\.tsx$/])).toEqual({
      scripts: ['/assets/screenRoutes.js', '/assets/ProductScreen.js', '/assets/shared.js'],
      styles: ['/assets/screenStyles.css', '/assets/ProductScreen.css', '/assets/Toasts.css'],
    });
  });

  it('fails the build when no chunk holds a module it was given', () => {
    expect(() => pageFiles(bundle, [/ProductScren\.tsx$/])).toThrow(/no chunk holds/);
  });
});
