/**
 * The browser host as a process of its own, for the crash test: `node scripts/run-ts.mjs
 * e2e/support/host-child.ts --workspace DIR --user-data DIR --renderer DIR`. Prints one JSON line
 * `{"url": ...}` once it listens, then serves until it is killed.
 */
import { serve } from '../../src/main/host/serve';

function arg(name: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : process.argv[at + 1];
  if (!value) throw new Error(`host-child: --${name} DIR is required`);
  return value;
}

const host = await serve({ workspace: arg('workspace'), userDataDir: arg('user-data'), rendererDir: arg('renderer') });
process.stdout.write(`${JSON.stringify({ url: host.url })}\n`);
