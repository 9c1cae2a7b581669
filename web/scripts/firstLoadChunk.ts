import type { Plugin } from 'vite';

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
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

/** The roots and the modules they import statically, directly or not. */
function staticImports(graph: ModuleGraph, roots: string[]): Set<string> {
  const found = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}
