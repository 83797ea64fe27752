#!/usr/bin/env node
// Runs a TypeScript entry (a bench, a one-off script) with Node: bundles it with esbuild (platform
// node, ESM, packages left external so node_modules resolve as usual) into
// node_modules/.cache/atmark-run/ and imports the result. Usage: node scripts/run-ts.mjs FILE.ts [ARGS...]
// The entry sees its own arguments in process.argv.slice(2).
import { bundleForNode } from './bundle-ts.mjs';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs FILE.ts [ARGS...]');
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// One bundle per process: tests may start several runs of the same entry at once.
const name = path.basename(entry).replace(/\.[cm]?tsx?$/, '');
const outfile = path.join(root, 'node_modules', '.cache', 'atmark-run', `${name}-${process.pid}.mjs`);
await bundleForNode(path.resolve(entry), outfile, { sourcemap: 'inline' });
process.argv = [process.argv[0], path.resolve(entry), ...args];
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
}
