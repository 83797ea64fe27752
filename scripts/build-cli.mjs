// Bundles the CLI (and the engine it uses) into dist/cli.mjs, and each worker thread
// (scripts/worker-entries.json) into dist/NAME.mjs, so `npx atmark` runs with plain node.
// Dependencies stay external: they are installed beside it in node_modules.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForNode } from './bundle-ts.mjs';

// Chunk names carry content hashes: start clean so old chunks do not pile up.
rmSync('dist', { recursive: true, force: true });

await build({
  // The CLI and the worker threads, whose list electron.vite.config.ts shares.
  entryPoints: { cli: 'src/main/cli/main.ts', ...JSON.parse(readFileSync('scripts/worker-entries.json', 'utf8')) },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The prebuilt o200k rank file beside the bundle, so a cold start reads the token ranks instead of
// parsing them (src/main/engine/tokenizer/rank-file.ts). The writer is TypeScript: bundle it first.
const writer = path.resolve('node_modules/.cache/atmark-build/build-rank-file.mjs');
await bundleForNode('src/main/engine/tokenizer/build-rank-file.ts', writer);
const { buildO200kRankFile } = await import(pathToFileURL(writer).href);
buildO200kRankFile('dist');
