// Builds the browser app into dist/web, which the server serves at / (API under /api): hashed files
// under assets/, the public files of web/public, the icons and service worker (build/pwa.ts), and a
// brotli and gzip copy of each text file (build/precompress.ts).
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { tsconfigAliases } from './build/aliases.js';
import { messages } from './build/messages.js';
import { precompress } from './build/precompress.js';
import { pwa } from './build/pwa.js';

const APP_SOURCE = /\/(web|machines)\/.*\.tsx?$/;
const STYLES = /\.css(\.ts)?($|\?)|vanilla/;

/** Whether importing a module may run code that matters when none of its exports is used. */
function appModuleSideEffects(id: string): boolean | undefined {
  if (STYLES.test(id)) return true;
  if (id.includes('/node_modules/')) return undefined;
  return APP_SOURCE.test(id) ? false : undefined;
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), vanillaExtractPlugin(), messages(), pwa(), precompress()],
  resolve: {
    alias: [
      ...tsconfigAliases(),
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'build/use-sync-external-store.ts'),
      },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/web'),
    emptyOutDir: true,
    // scripts/check-bundle-size.mjs reads the manifest to find what "/" loads.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser the target allows supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    // One stylesheet (about 6 kB compressed), loaded with the page: a page's chunk then adds no
    // stylesheet of its own, which made the browser restyle the whole document mid-load each time.
    cssCodeSplit: false,
    rollupOptions: {
      // The app's own modules (web/, machines/) run nothing when imported but their styles: a page
      // that takes one hook from a feature's index then gets that hook, not every dialog the index
      // names (each imports its styles, which made it look like code that must run).
      treeshake: { moduleSideEffects: appModuleSideEffects },
      output: {
        // Chunks named by their hash alone: the entry lists every chunk a page may preload, and
        // the names it no longer carries are about 1 kB of the landing page's budget.
        chunkFileNames: 'assets/[hash].js',
        // Everything the entry imports statically is in the entry's own file. Left to itself,
        // Rolldown puts what the entry shares with the pages (React, the router, the messages,
        // the constants) into common chunks, as many as their sets of importers differ, and
        // which ones changes with any import anywhere; each costs the first paint a request and
        // its import and export lists (1-2 kB here).
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8000' },
  },
});
