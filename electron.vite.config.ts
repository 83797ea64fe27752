import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { cspMetaPlugin } from './src/shared/csp';
import { buildO200kRankFile } from './src/main/engine/tokenizer/build-rank-file';
// The worker threads' entries, one list for this build and the CLI's (scripts/build-cli.mjs): the
// engine's worker, the workspace index's (walk, watchers, fuzzy queries) and extraction's (pages
// and documents). Each is found at run time by its name (see the *WorkerScript functions).
import workerEntries from './scripts/worker-entries.json';

// Three builds, one per process. The main build bundles the engine; the preload is a
// single CommonJS file because sandboxed preloads cannot load ES modules.
export default defineConfig({
  main: {
    // The prebuilt token ranks beside the main bundle, read at the first count instead of parsed.
    plugins: [{ name: 'atmark-o200k-ranks', writeBundle: () => void buildO200kRankFile('out/main') }],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve('src/main/electron/main.ts'),
          ...Object.fromEntries(Object.entries(workerEntries).map(([name, entry]) => [name, resolve(entry)])),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react(), cspMetaPlugin()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified; minified it is about a third of the size to
      // read and parse at every start. The libraries go to a chunk of their own, which changes only
      // when they do.
      minify: true,
      // The vendor chunk (React, CodeMirror, i18next: about 590 kB) is read from disk, never
      // downloaded; Vite's 500 kB warning is about network loads.
      chunkSizeWarningLimit: 700,
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html') },
        // Only the libraries the first frame loads ($initial): the ones a chunk loaded later
        // imports (marked, DOMPurify, highlight.js for the turns) stay in that chunk.
        output: { codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }] } },
      },
    },
  },
});
