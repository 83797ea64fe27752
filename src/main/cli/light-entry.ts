import type { CommandIO } from './expand-command';
import { lightCommand } from './light';

/**
 * The light CLI (`dist/cli-light.cjs`): what `bin/atmark.cjs` runs for any command but `expand` and
 * `serve` (the commands `cacheCommand` files under `other`). Same exports as the full CLI's entry.
 */
export async function runCli(argv: string[], io: CommandIO): Promise<number> {
  return lightCommand(argv, io);
}

export { processIO } from './process-io';
