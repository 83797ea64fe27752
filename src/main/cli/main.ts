import type { CommandIO } from './expand-command';
import { pickLanguage, posixLanguageTags } from '../../shared/i18n/languages';
import type { Text } from '../../shared/i18n/text';
import { translate } from '../../shared/i18n/translate';
import { CLI_TEXT, UsageError } from './text';

/**
 * The `atmark` command line. Returns the exit code instead of exiting, so tests can run it
 * in-process; `bin/atmark.cjs` calls it with the real process streams.
 */
export async function runCli(argv: string[], io: CommandIO): Promise<number> {
  const [command, ...rest] = argv;
  const say = (message: Text | string): string => translate(message, io.language ?? 'en');
  // Only known commands: a mistyped one is no reason to write the code cache again.
  if (command === 'expand' || command === 'serve') io.codePaths?.add(`command:${command}`);
  try {
    switch (command) {
      case 'expand':
        return await expandCommand(rest, io);
      case 'serve':
        return await serveCommand(rest, io);
      case '-h':
      case '--help':
      case 'help':
        io.stdout(`${say(CLI_TEXT.usage)}\n`);
        return 0;
      case undefined:
        throw new UsageError(CLI_TEXT.noCommand);
      default:
        throw new UsageError(CLI_TEXT.unknownCommand(command));
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`atmark: ${say(err.text ?? err.message)}\n`);
      return 2;
    }
    io.stderr(`${say(CLI_TEXT.internal(err instanceof Error ? err.message : String(err)))}\n`);
    return 70;
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

/** Standard streams of this process, for `bin/atmark.cjs`. */
export function processIO(): CommandIO {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    cwd: process.cwd(),
    language: pickLanguage(posixLanguageTags(process.env)),
  };
}
