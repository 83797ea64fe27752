// Bundles one TypeScript entry into one ES module for Node (platform node, packages left external so
// node_modules resolve as usual). The one place these options live: scripts that run TypeScript
// (run-ts.mjs, build-cli.mjs, start.mjs, dev.mjs), tests that start a worker from its sources, and
// the extraction worker's from-sources fallback all bundle through it.
import { build } from 'esbuild';

/**
 * Bundles `entry` into `outfile`. `sourcemap` as esbuild takes it (run-ts wants 'inline');
 * `logLevel` 'warning' by default ('error' where a person is waiting on a start command).
 */
export async function bundleForNode(entry, outfile, { sourcemap = false, logLevel = 'warning' } = {}) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap,
    logLevel,
  });
}
