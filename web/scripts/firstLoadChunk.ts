import type { Plugin } from 'vite';

/**
 * Puts every module the entry imports statically (what the first page needs anyway) into one chunk,
 * instead of a dozen small chunks shared with screens that load later: fewer requests, and gzip
 * compresses one file better than many. Modules only lazily loaded screens use stay in their chunks.
 *
 * Use: plugins: [firstLoad.plugin], and a codeSplitting group { name: 'app', test: firstLoad.test }.
 */
export function firstLoadChunk() {
  return staticImportsChunk('haat:first-load-chunk', (_id, info) => info.isEntry);
}

/**
 * Puts a lazily loaded screen and every module it imports statically into one chunk, so opening it
 * costs one request instead of one for each small module it shares with other screens. Modules of
 * the first load stay there (give this group the lower priority).
 */
export function screenChunk(screen: RegExp) {
  return staticImportsChunk('haat:screen-chunk', (id) => screen.test(id));
}

/** The modules that the roots import statically, directly or not, found once the build has read them all. */
function staticImportsChunk(name: string, isRoot: (id: string, info: { isEntry: boolean }) => boolean) {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name,
    apply: 'build',
    buildEnd() {
      modules.clear();
      const queue = [...this.getModuleIds()].filter((id) => {
        const info = this.getModuleInfo(id);
        return info !== null && isRoot(id, info);
      });
      while (queue.length) {
        const id = queue.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, test: (id: string) => modules.has(id) };
}
