import { text, translate } from '../../shared/i18n';

/** Every sentence the CLI prints. */
export const CLI_TEXT = {
  usage: [
    'Usage:',
    '  atmark expand [--workspace DIR] [--context-length TOKENS] [--grant FILE]... [--allow-host HOST[:PORT]]... [--session DIR] [--json] MESSAGE',
    '      Prints MESSAGE with its @-references expanded (MESSAGE "-" reads standard input).',
    '  atmark serve [--workspace DIR] [--port N] [--open]',
    '      Serves the Atmark composer to your browser on 127.0.0.1.',
  ].join('\n'),
  missingMessage: 'no message given: pass the message as the last argument, or "-" to read it from standard input',
  tooManyMessages: (n: number): string => `expected one message but got ${n} arguments: put the message in quotes`,
  badContextLength: (text: string): string => `--context-length takes a whole number of tokens above 0, not "${text}"`,
  unknownCommand: (name: string): string => `unknown command "${name}": use "atmark expand" or "atmark serve"`,
  noCommand: 'no command given: use "atmark expand MESSAGE" or "atmark serve"',
  blocked: 'atmark: nothing was attached because the attached context would pass the hard token limit (see the warning); the message above is as written.',
  // `atmark serve`'s sentences come from the catalogues (cli.*), in English until the CLI picks a language.
  serving: (url: string): string => translate(text('cli.serving', { url }), 'en'),
  stopping: translate(text('cli.stopping'), 'en'),
  stopSlow: translate(text('cli.stopSlow'), 'en'),
  badServeArgument: (arg: string): string => translate(text('cli.badServeArgument', { arg }), 'en'),
  internal: (detail: string): string => `atmark: something went wrong inside Atmark: ${detail}`,
} as const;

/** A usage error: exit 2 with a one-line reason on standard error. */
export class UsageError extends Error {
  override name = 'UsageError';
}
