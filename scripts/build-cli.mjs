// Bundles the CLI (and the engine it uses) into dist/cli.mjs, and each worker thread
// (scripts/worker-entries.json) into dist/NAME.mjs, so `npx atmark` runs with plain node.
// Dependencies stay external (installed beside it in node_modules), except the few every
// expansion loads, listed in scripts/bundled-dependencies.json.
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForNode } from './bundle-ts.mjs';

/**
 * Dependencies stay external (installed beside the bundle in node_modules), except the small
 * pure-JavaScript ones every expansion loads: bundled, they cost no package resolution and no
 * CommonJS export scan at each cold start (issue 27: the cold CLI and the host's start).
 */
const BUNDLED = new Set(JSON.parse(readFileSync('scripts/bundled-dependencies.json', 'utf8')));
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const dependenciesOutsideHotPath = {
  name: 'dependencies-outside-hot-path',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('node:') || BUNDLED.has(packageOf(args.path)) ? undefined : { path: args.path, external: true }));
  },
};

// Chunk names carry content hashes: start clean so old chunks do not pile up.
rmSync('dist', { recursive: true, force: true });

/**
 * The CLI and the worker threads (whose list electron.vite.config.ts shares) are two builds into one
 * folder. Split together, every module shared by some of the four entries became its own chunk, and
 * a cold `expand` loaded 45 files; the CLI built alone loads about 35 (its chunks follow its own
 * lazy imports only), 20 ms less of a 300 ms start. Chunk names are content hashes, so a chunk both
 * builds make is the same file.
 */
const common = {
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [dependenciesOutsideHotPath],
  // The bundled CommonJS dependencies call require() for Node's own modules.
  banner: { js: "import { createRequire as __atmarkRequire } from 'node:module'; const require = __atmarkRequire(import.meta.url);" },
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
};
const outputs = {};
for (const entryPoints of [{ cli: 'src/main/cli/main.ts' }, JSON.parse(readFileSync('scripts/worker-entries.json', 'utf8'))]) {
  Object.assign(outputs, (await build({ ...common, entryPoints })).metafile.outputs);
}

// Which bundled dependencies each output holds, so a test of what a command loads still sees a
// package that no longer comes from node_modules (src/main/cli/lazy-load.test.ts).
const packagesInside = {};
for (const [output, { inputs }] of Object.entries(outputs)) {
  if (!output.endsWith('.mjs')) continue;
  const names = new Set(Object.keys(inputs).flatMap((input) => {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    return m ? [m[1]] : [];
  }));
  if (names.size > 0) packagesInside[path.basename(output)] = [...names].sort();
}
writeFileSync('dist/bundled-packages.json', `${JSON.stringify(packagesInside, null, 2)}\n`);

// The prebuilt o200k rank file beside the bundle, so a cold start reads the token ranks instead of
// parsing them (src/main/engine/tokenizer/rank-file.ts). The writer is TypeScript: bundle it first.
const writer = path.resolve('node_modules/.cache/atmark-build/build-rank-file.mjs');
await bundleForNode('src/main/engine/tokenizer/build-rank-file.ts', writer);
const { buildO200kRankFile } = await import(pathToFileURL(writer).href);
buildO200kRankFile('dist');
