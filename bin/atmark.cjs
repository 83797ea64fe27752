#!/usr/bin/env node
'use strict';
// The `atmark` command. The CLI is TypeScript bundled to dist/cli.cjs by `npm install` (the
// package's prepare script) and run through a V8 code cache (src/main/cli/code-cache.ts); if that
// build is missing, say how to make it instead of a stack trace.
//
// CommonJS, not an ES module: an ES module entry starts Node's ES loader on every command, about
// 4 ms of the cold one-file `expand`'s 120 (issue 27; docs/decisions.md, "The cache").
const { existsSync } = require('node:fs');
const path = require('node:path');

const loader = path.join(__dirname, '..', 'dist', 'code-cache.cjs');
// `expand` and `serve` run the whole CLI; anything else (`--help`, a usage error) the light one,
// which holds no engine code to compile (src/main/cli/light.ts).
const command = ['expand', 'serve'].includes(process.argv[2]) ? process.argv[2] : 'other';
const built = path.join(__dirname, '..', 'dist', command === 'other' ? 'cli-light.cjs' : 'cli.cjs');
if (!existsSync(built) || !existsSync(loader)) {
  process.stderr.write('atmark: the command line is not built yet: run "npm install" (or "npm run build:cli") in the Atmark folder first\n');
  process.exit(2);
}
const { loadWithCodeCache, codeCacheDir, cacheCommand } = require(loader);
const cli = loadWithCodeCache(built, codeCacheDir(), cacheCommand(process.argv.slice(2)));
const { runCli, processIO } = cli.exports;
const codePaths = new Set();
// With the command done (or, for `serve`, warm), the functions it ran are compiled: the cache keeps
// them for the next run.
runCli(process.argv.slice(2), { ...processIO(), codePaths, codeWarm: () => cli.save(codePaths) }).then((code) => {
  // A server that stopped ends its process: nothing a dependency left behind may keep it alive.
  // Other commands only set the status, so output still draining to a pipe is not cut off.
  if (process.argv[2] === 'serve') process.exit(code);
  cli.save(codePaths);
  process.exitCode = code;
});
