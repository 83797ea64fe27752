// Bundles the CLI (and the engine it uses) into dist/cli.cjs, the loader that runs it through a V8
// code cache into dist/code-cache.mjs, and each worker thread (scripts/worker-entries.json) into
// dist/NAME.mjs, so `npx atmark` runs with plain node. Dependencies stay external (installed beside
// it in node_modules), except the few every expansion loads, listed in scripts/bundled-dependencies.json.
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
  // secretlint's profiler keeps every mark it makes, and its tracing loads `tty`: silent stand-ins
  // in their place (each file says why).
  alias: { '@secretlint/profiler': path.resolve('src/main/guards/secretlint-profiler.ts'), debug: path.resolve('src/main/guards/secretlint-debug.ts') },
  // The bundled CommonJS dependencies call require() for Node's own modules.
  banner: { js: "import { createRequire as __atmarkRequire } from 'node:module'; const require = __atmarkRequire(import.meta.url);" },
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
};
const outputs = {};
Object.assign(outputs, (await build({ ...common, entryPoints: JSON.parse(readFileSync('scripts/worker-entries.json', 'utf8')) })).metafile.outputs);

/**
 * The CLI is one CommonJS file, run by bin/atmark.cjs through a V8 code cache
 * (src/main/cli/code-cache.ts): Node 20 caches no compiled code for ES modules, and `vm.Script`
 * caches it on every version. Its lazy imports stay lazy: esbuild runs each module reached only
 * through `import()` when it is first asked for, so `--help` still runs nothing of the engine. The
 * few `import.meta.url` uses (finding the worker scripts and the rank file beside the bundle) read
 * the bundle's own address.
 */
const cliOptions = {
  ...common,
  outExtension: { '.js': '.cjs' },
  splitting: false,
  format: 'cjs',
  define: { 'import.meta.url': '__atmarkBundleUrl' },
  // `__atmarkImport` is the loader's `import()` (a parameter of the code-cache wrapper); required
  // plainly, the bundle uses its own.
  banner: { js: "const __atmarkBundleUrl = require('node:url').pathToFileURL(__filename).href;\nif (typeof __atmarkImport !== 'function') var __atmarkImport = (specifier) => import(specifier);" },
};
/**
 * The packages the CLI imports with `import()` (undici, vite, the keychain) go through the loader's
 * `import()`: inside a `vm.Script`, `import()` needs `importModuleDynamically`, which Node 20 marks
 * experimental (a warning on standard error) and which a script compiled from a code cache loses.
 * esbuild writes each as `import("NAME")`; each is counted, so a change in how it writes them fails
 * the build instead of the command.
 */
function finishCjs(file, metafile) {
  const dynamic = metafile.outputs[file].imports.filter((i) => i.kind === 'dynamic-import' && i.external);
  let text = readFileSync(file, 'utf8');
  for (const specifier of new Set(dynamic.map((i) => i.path))) {
    const call = `import(${JSON.stringify(specifier)})`;
    const expected = dynamic.filter((i) => i.path === specifier).length;
    const found = text.split(call).length - 1;
    if (found !== expected) throw new Error(`build-cli: expected ${expected} of ${call} in ${file}, found ${found}`);
    text = text.replaceAll(call, `__atmarkImport(${JSON.stringify(specifier)})`);
  }
  // esbuild escapes what is not ASCII in strings but leaves it in regular expressions and comments;
  // escaped there too (the same characters to JavaScript), the bundle is ASCII, which the loader
  // turns into a string by copying instead of decoding UTF-8 (about 2 ms a run for 1.3 MB).
  text = text.replace(/[^\t\n\r\x20-\x7e]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  writeFileSync(file, text);
}
const cliBuild = await build({ ...cliOptions, entryPoints: { cli: 'src/main/cli/main.ts' } });
Object.assign(outputs, cliBuild.metafile.outputs);
finishCjs('dist/cli.cjs', cliBuild.metafile);
// The light CLI: `--help` and the usage errors of an unknown command, without the engine's code
// (src/main/cli/light.ts); bin/atmark.cjs runs it for every command but `expand` and `serve`.
const lightBuild = await build({ ...cliOptions, entryPoints: { 'cli-light': 'src/main/cli/light-entry.ts' } });
Object.assign(outputs, lightBuild.metafile.outputs);
finishCjs('dist/cli-light.cjs', lightBuild.metafile);
// The loader itself: small, node: modules only. CommonJS too, as bin/atmark.cjs is: importing Node's
// own modules from an ES module cost about 4 ms more (node:crypto alone 3).
await build({ ...common, entryPoints: { 'code-cache': 'src/main/cli/code-cache.ts' }, outExtension: { '.js': '.cjs' }, splitting: false, format: 'cjs', banner: {}, metafile: false });

// Which bundled dependencies each output holds, so a test of what a command loads still sees a
// package that no longer comes from node_modules (src/main/cli/lazy-load.test.ts).
const packagesInside = {};
for (const [output, { inputs }] of Object.entries(outputs)) {
  if (!/\.[cm]js$/.test(output)) continue;
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
