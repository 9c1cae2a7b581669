import type { Plugin } from 'vite';

/**
 * Puts every module the entry imports statically (what the first page needs anyway) into one chunk,
 * instead of a dozen small chunks shared with screens that load later: fewer requests, and gzip
 * compresses one file better than many. Modules only lazily loaded screens use stay in their chunks.
 *
 * Use: plugins: [firstLoad.plugin], and a codeSplitting group { name: 'app', test: firstLoad.test }.
 */
export function firstLoadChunk() {
  const firstLoad = new Set<string>();
  const plugin: Plugin = {
    name: 'haat:first-load-chunk',
    apply: 'build',
    buildEnd() {
      firstLoad.clear();
      const queue = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (queue.length) {
        const id = queue.pop()!;
        if (firstLoad.has(id)) continue;
        firstLoad.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, test: (id: string) => firstLoad.has(id) };
}
