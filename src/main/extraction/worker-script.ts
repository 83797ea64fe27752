/**
 * Where the extraction worker's script is. A built app or CLI ships it beside its bundle
 * (`dist/extraction-worker.mjs`, `out/main/extraction-worker.js`, see scripts/build-cli.mjs and
 * electron.vite.config.ts). Running from TypeScript sources (unit tests, `scripts/run-ts.mjs`),
 * no built script exists, so the worker entry is bundled once per process by
 * scripts/bundle-ts.mjs (esbuild, a dev dependency present wherever the sources are) into
 * node_modules/.cache: the same code then runs in a real worker thread with the same limits, in
 * tests as in the product.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { bundleForNode as BundleForNode } from '../../../scripts/bundle-ts.mjs';

const BUILT_NAMES = ['extraction-worker.mjs', 'extraction-worker.js'];
const SOURCE_ENTRY = path.join('src', 'main', 'extraction', 'worker-main.ts');

/** The built worker in `dir` or its parent (bundles may put chunks one folder down); null if none. */
export function builtExtractionWorker(dir: string): string | null {
  for (const folder of [dir, path.dirname(dir)]) {
    for (const name of BUILT_NAMES) {
      const candidate = path.join(folder, name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

/** The project folder holding the TypeScript sources, found upwards from `dir`; null if none. */
function sourceRoot(dir: string): string | null {
  let current = dir;
  for (let i = 0; i < 8; i++) {
    if (existsSync(path.join(current, SOURCE_ENTRY))) return current;
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return null;
}

let fromSources: Promise<string> | null = null;

async function bundleFromSources(root: string): Promise<string> {
  // The project's own bundling script, by a path computed at run time: bundlers leave it alone,
  // and the built app never reaches here.
  const helper = pathToFileURL(path.join(root, 'scripts', 'bundle-ts.mjs')).href;
  const { bundleForNode } = (await import(helper)) as { bundleForNode: typeof BundleForNode };
  const outDir = path.join(root, 'node_modules', '.cache', 'atmark-extraction');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `extraction-worker-${process.pid}.mjs`);
  await bundleForNode(path.join(root, SOURCE_ENTRY), outfile);
  // One file per process: removed when the process ends, so test runs leave nothing behind.
  process.once('exit', () => rmSync(outfile, { force: true }));
  return outfile;
}

/**
 * The script to start the extraction worker from: the built one beside this module's bundle, else
 * one bundled from the sources (once per process). Rejects when neither exists.
 */
export function extractionWorkerScript(moduleUrl: string = import.meta.url): Promise<string> {
  const dir = path.dirname(fileURLToPath(moduleUrl));
  const built = builtExtractionWorker(dir);
  if (built) return Promise.resolve(built);
  const root = sourceRoot(dir);
  if (!root) return Promise.reject(new Error('the extraction worker is missing: rebuild Atmark (npm run build)'));
  fromSources ??= bundleFromSources(root).catch((err: unknown) => {
    fromSources = null;
    throw err;
  });
  return fromSources;
}
