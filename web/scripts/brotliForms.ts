import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Smaller files gain too little from a second compressed form. */
export const BROTLI_MIN_BYTES = 1024;
const TEXT = /\.(js|css|svg|webmanifest|json)$/;

/**
 * Writes a brotli form (name.br, at the highest quality) beside each text file of the build. The
 * server sends it to browsers that take brotli: for the first load's code, a seventh fewer bytes than
 * gzip, on the slow connection where that matters. Compressing at quality 11 takes about a second for
 * the whole app, too slow to do as the server starts, so the build does it once.
 */
export function brotliForms(): Plugin {
  return {
    name: 'haat:brotli-forms',
    apply: 'build',
    // Once the files are written, so the forms hold their final bytes.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!TEXT.test(name)) continue;
        const file = path.join(dir, name);
        const bytes = fs.readFileSync(file);
        if (bytes.length < BROTLI_MIN_BYTES) continue;
        const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params }));
      }
    },
  };
}
