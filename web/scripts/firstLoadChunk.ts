import path from 'node:path';
import type { Plugin } from 'vite';

export interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[]; code: string | null } | null;
}

/**
 * Puts every module the entry imports statically (what the first page needs anyway) into one chunk,
 * instead of a dozen small chunks shared with screens that load later: fewer requests, and gzip
 * compresses one file better than many. Modules only lazily loaded screens use stay in their chunks.
 *
 * Use: plugins: [firstLoad.plugin], and a codeSplitting group { name: 'app', test: firstLoad.test }.
 */
export function firstLoadChunk() {
  return chunkPlugin('haat:first-load-chunk', (graph) => {
    const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
    return staticImports(graph, entries);
  });
}

/**
 * Puts a lazily loaded screen and every module it imports statically into one chunk, so opening it
 * costs one request instead of one for each small module. Modules of the first load stay there (give
 * this group a lower priority than the first load's). sharedWith names other lazily loaded code
 * (name -> a test of its modules' ids): `sharedBy(name)` tells which of the screen's modules that code
 * imports too. Give each such set a group of its own with a higher priority, else the screen's group
 * takes them and loading that code fetches the whole screen. (A module several of them import goes
 * with the first named.)
 */
export function screenChunk(screen: RegExp, sharedWith: Record<string, RegExp> = {}) {
  let sharedBy = new Map<string, string>();
  const chunk = chunkPlugin('haat:screen-chunk', (graph) => {
    const ids = [...graph.getModuleIds()];
    const members = staticImports(graph, ids.filter((id) => screen.test(id)));
    sharedBy = new Map();
    for (const [name, test] of Object.entries(sharedWith)) {
      for (const id of staticImports(graph, ids.filter((id) => test.test(id)))) {
        if (members.has(id) && !sharedBy.has(id)) sharedBy.set(id, name);
      }
    }
    return members;
  });
  return { ...chunk, sharedBy: (name: string) => (id: string) => sharedBy.get(id) === name };
}

function chunkPlugin(name: string, members: (graph: ModuleGraph) => Set<string>) {
  let modules = new Set<string>();
  const plugin: Plugin = {
    name,
    apply: 'build',
    buildEnd() {
      modules = members(this);
    },
  };
  return { plugin, test: (id: string) => modules.has(id) };
}

/**
 * The roots and the modules they import statically, directly or not. Through a barrel (a module of
 * re-exports only, such as a feature's index.ts) only to the modules that give the names the importer
 * takes: the product page takes selectUserInfo from features/auth, not the e-mail check and its code
 * dialog that the same barrel offers the account screens, and a chunk that held them would make every
 * visitor of the page download them.
 */
export function staticImports(graph: ModuleGraph, roots: string[]): Set<string> {
  const found = new Set<string>();
  // A module is read once for whether it is a barrel, however many modules import it.
  const barrels = new Map<string, [string, string][] | null>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    const info = graph.getModuleInfo(id);
    for (const dep of info?.importedIds ?? []) {
      if (!barrels.has(dep)) barrels.set(dep, reExports(graph, dep));
      const exports = barrels.get(dep);
      if (!exports) {
        queue.push(dep);
        continue;
      }
      found.add(dep);
      const names = info?.code == null ? null : importedNames(info.code, id, dep);
      for (const [name, from] of exports) if (!names || name === '*' || names.has(name)) queue.push(from);
    }
  }
  return found;
}

const reExport = /export\s*(?:\*(?:\s*as\s+([\w$]+))?|\{([^}]*)\})\s*from\s*["']([^"']+)["']\s*;?/g;
const importOrExportFrom = /\b(import|export)\s*([^'";]*?)\s*from\s*["']([^"']+)["']/g;
const bareImport = /\bimport\s*["']([^"']+)["']/g;
const comments = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

/**
 * What a barrel re-exports, as [exported name, module id] ('*' for `export *`); null when id is not a
 * barrel: a module with any statement besides re-exports of modules found beside it.
 */
function reExports(graph: ModuleGraph, id: string): [string, string][] | null {
  const info = graph.getModuleInfo(id);
  if (!info?.code) return null;
  const code = info.code.replace(comments, '');
  if (code.replace(reExport, '').trim() !== '') return null;
  const pairs: [string, string][] = [];
  for (const [, namespace, list, spec] of code.matchAll(reExport)) {
    const from = resolve(id, spec, info.importedIds);
    if (!from) return null;
    if (list === undefined) pairs.push([namespace ?? '*', from]);
    else for (const name of names(list, 'alias')) pairs.push([name, from]);
  }
  return pairs.length > 0 ? pairs : null;
}

/** The names importer's code takes from the module barrel, or null for all of them. */
function importedNames(code: string, importer: string, barrel: string): Set<string> | null {
  code = code.replace(comments, '');
  for (const [, spec] of code.matchAll(bareImport)) if (resolve(importer, spec, [barrel])) return null;
  let taken: Set<string> | null = null;
  for (const [, keyword, clause, spec] of code.matchAll(importOrExportFrom)) {
    if (!resolve(importer, spec, [barrel])) continue;
    if (clause.includes('*')) return null;
    taken ??= new Set();
    const braces = /\{([^}]*)\}/.exec(clause);
    for (const name of braces ? names(braces[1], 'source') : []) taken.add(name);
    // import X, { … } from: X is the default export.
    if (keyword === 'import' && /^[\w$]+/.test(clause.trim())) taken.add('default');
  }
  return taken;
}

/**
 * The names of a brace list ("a, default as b, type C"), type-only ones left out: each one's own name
 * ('source': a, default) or the name it goes by ('alias': a, b).
 */
function names(list: string, which: 'source' | 'alias'): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return which === 'alias' ? (alias ?? name) : name;
    });
}

/** The id among candidates that the relative specifier spec names from importer, if any. */
function resolve(importer: string, spec: string, candidates: readonly string[]): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(importer), spec);
  return candidates.find((c) => ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '/index.ts', '/index.tsx', '/index.js'].some((ext) => c === base + ext));
}
