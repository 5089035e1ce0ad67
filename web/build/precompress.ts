// Vite plugin: writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, so
// the server (server/platform/web.ts, @fastify/static preCompressed) sends them without compressing per
// request. Not index.html: the server adds the business profile to it and compresses it at start-up.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|webmanifest|svg|txt|xml|map)$/;
/** Below this a compressed copy saves less than the Content-Encoding header costs. */
const MIN_BYTES = 512;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // .vite/manifest.json is for scripts/check-bundle-size.mjs; the server never sends dot files.
    if (entry.name.startsWith('.')) return [];
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

export function precompress(): Plugin {
  let outDir = '';
  const skip = (file: string) => file === path.join(outDir, 'index.html');
  return {
    name: 'dabba:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || skip(file) || statSync(file).size < MIN_BYTES) continue;
        const source = readFileSync(file);
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
        if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
