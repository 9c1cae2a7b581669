import type { Plugin } from 'vite';

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/** What a page loads lazily at once: its scripts and their styles, as paths the server can name. */
export interface PageFiles {
  scripts: string[];
  styles: string[];
}

/**
 * Writes `fileName` into the build: the scripts and styles of the chunks of the modules given, with what they import
 * statically, less what the first load already brings (the entry and its static imports). A page that
 * loads those modules as soon as it starts (the product page: prefetch.ts) gets them named in its head
 * by the server (internal/api/preview.go), so that a phone asks for them beside the app's own code,
 * not after that code has run.
 */
export function pagePreloads(fileName: string, modules: RegExp[]): Plugin {
  return {
    name: 'haat:page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(pageFiles(bundle, modules))}\n` });
    },
  };
}

export function pageFiles(bundle: Bundle, modules: RegExp[]): PageFiles {
  const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const firstLoad = new Set<string>();
  const firstStyles = new Set<string>();
  const walk = (name: string, seen: Set<string>, styles: Set<string>) => {
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== 'chunk') return;
    seen.add(name);
    chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
    chunk.imports.forEach((next) => walk(next, seen, styles));
  };
  chunks.filter((c) => c.isEntry).forEach((c) => walk(c.fileName, firstLoad, firstStyles));

  const scripts = new Set<string>(firstLoad);
  const styles = new Set<string>(firstStyles);
  for (const module of modules) {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => module.test(id)));
    if (!chunk) throw new Error(`pagePreloads: no chunk holds ${module}`);
    walk(chunk.fileName, scripts, styles);
  }
  // A chunk of styles only has no script once built: Vite drops it and loads its styles instead.
  const stylesOnly = (name: string) => {
    const chunk = bundle[name];
    return chunk?.type === 'chunk' && chunk.exports.length === 0 && Object.values(chunk.modules).every((m) => m.renderedLength === 0);
  };
  const added = (all: Set<string>, had: Set<string>) => [...all].filter((x) => !had.has(x) && !stylesOnly(x)).map((x) => `/${x}`);
  return { scripts: added(scripts, firstLoad), styles: added(styles, firstStyles) };
}
