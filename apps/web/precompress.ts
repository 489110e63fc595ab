import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; fonts, images and sound are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `x.br` (brotli, best) and `x.gz` (gzip, best) beside every compressible file of the build, once, so the
 * server sends them as they are (`preCompressed` of @fastify/static) instead of compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'console-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await filesBelow(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        const content = await readFile(file);
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        await writeFile(`${file}.br`, brotli);
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
