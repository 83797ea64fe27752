import type { CommandIO } from './expand-command';
import { lightCommand, reportFailure } from './light';

/**
 * The `atmark` command line. Returns the exit code instead of exiting, so tests can run it
 * in-process; `bin/atmark.cjs` calls it with the real process streams (and, for any command but
 * `expand` and `serve`, runs the light CLI instead: `light.ts`).
 */
export async function runCli(argv: string[], io: CommandIO): Promise<number> {
  const [command, ...rest] = argv;
  // Only known commands: a mistyped one is no reason to write the code cache again.
  if (command === 'expand' || command === 'serve') io.codePaths?.add(`command:${command}`);
  try {
    switch (command) {
      case 'expand':
        return await expandCommand(rest, io);
      case 'serve':
        return await serveCommand(rest, io);
      default:
        return lightCommand(argv, io);
    }
  } catch (err) {
    return reportFailure(err, io);
  }
}

/** `atmark expand`: loaded on use, so `--help` and usage errors load none of it. */
async function expandCommand(args: string[], io: CommandIO): Promise<number> {
  const { expandCommand: run } = await import('./expand-command');
  return run(args, io);
}

/** `atmark serve`: the browser host (src/main/host). Loaded lazily so `expand` stays light. */
async function serveCommand(args: string[], io: CommandIO): Promise<number> {
  const { serveCommand: run } = await import('./serve-command');
  return run(args, io);
}

export { processIO } from './process-io';
