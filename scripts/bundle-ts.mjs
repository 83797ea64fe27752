// Bundles one TypeScript entry into one ES module for Node (platform node, packages left external so
// node_modules resolve as usual), for scripts that run TypeScript: run-ts.mjs (benches, one-off
// scripts) and build-cli.mjs (the token rank file's writer).
import { build } from 'esbuild';

/** Bundles `entry` into `outfile`; `sourcemap` as esbuild takes it (run-ts wants 'inline'). */
export async function bundleForNode(entry, outfile, sourcemap = false) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap,
    logLevel: 'warning',
  });
}
