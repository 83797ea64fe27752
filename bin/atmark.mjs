#!/usr/bin/env node
// The `atmark` command. The CLI is TypeScript bundled to dist/cli.mjs by `npm install` (the
// package's prepare script); if that build is missing, say how to make it instead of a stack trace.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url));
if (!existsSync(built)) {
  process.stderr.write('atmark: the command line is not built yet: run "npm install" (or "npm run build:cli") in the Atmark folder first\n');
  process.exit(2);
}
const { runCli, processIO } = await import(built);
const code = await runCli(process.argv.slice(2), processIO());
// A server that stopped ends its process: nothing a dependency left behind may keep it alive.
// Other commands only set the status, so output still draining to a pipe is not cut off.
if (process.argv[2] === 'serve') process.exit(code);
process.exitCode = code;
