import type { CommandIO } from './expand-command';
import type { Text } from '../../shared/i18n/text';
import { translate } from '../../shared/i18n/translate';
import { CLI_TEXT, UsageError } from './text';

/**
 * The commands answered without the engine: `--help` and the usage errors of a missing or unknown
 * command (anything but `expand` and `serve`). They are also built on their own, as
 * `dist/cli-light.cjs` (`light-entry.ts`), so that `atmark --help` compiles this and the catalogues,
 * not the whole CLI (issue 27: `--help` spent about 9 of its 18 ms beyond Node's start in reading
 * the 1.5 MB bundle's code).
 */
export function lightCommand(argv: readonly string[], io: CommandIO): number {
  const command = argv[0];
  try {
    switch (command) {
      case '-h':
      case '--help':
      case 'help':
        io.stdout(`${say(io, CLI_TEXT.usage)}\n`);
        return 0;
      case undefined:
        throw new UsageError(CLI_TEXT.noCommand);
      default:
        throw new UsageError(CLI_TEXT.unknownCommand(command));
    }
  } catch (err) {
    return reportFailure(err, io);
  }
}

/** A command's failure said on standard error: a usage error exits 2, anything else 70. */
export function reportFailure(err: unknown, io: CommandIO): number {
  if (err instanceof UsageError) {
    io.stderr(`atmark: ${say(io, err.text ?? err.message)}\n`);
    return 2;
  }
  io.stderr(`${say(io, CLI_TEXT.internal(err instanceof Error ? err.message : String(err)))}\n`);
  return 70;
}

function say(io: CommandIO, message: Text | string): string {
  return translate(message, io.language ?? 'en');
}
