import { text, type Text } from '../../shared/i18n/text';

/**
 * Every sentence the CLI prints, as catalogue texts (`cli.*`), printed in the terminal's language
 * (`LC_ALL`, `LC_MESSAGES`, `LANGUAGE`, `LANG`).
 */
export const CLI_TEXT = {
  usage: text('cli.usage'),
  missingMessage: text('cli.missingMessage'),
  tooManyMessages: (n: number): Text => text('cli.tooManyMessages', { n }),
  badContextLength: (value: string): Text => text('cli.badContextLength', { text: value }),
  badPromptLanguage: (value: string): Text => text('cli.badPromptLanguage', { text: value }),
  badAllowHost: (value: string): Text => text('cli.badAllowHost', { text: value }),
  unknownCommand: (name: string): Text => text('cli.unknownCommand', { name }),
  noCommand: text('cli.noCommand'),
  blocked: text('cli.blocked'),
  internal: (detail: string): Text => text('cli.internal', { detail }),
  serveArgument: (arg: string): Text => text('cli.serveArgument', { arg }),
  serving: (url: string): Text => text('cli.serving', { url }),
  stopping: text('cli.stopping'),
  stopSlow: text('cli.stopSlow'),
} as const;

/** A usage error: exit 2 with a one-line reason on standard error. */
export class UsageError extends Error {
  override name = 'UsageError';
  /** The sentence as a catalogue text, when it is one of ours (node's own argument errors are not). */
  readonly text: Text | null;

  constructor(message: string | Text) {
    super(typeof message === 'string' ? message : message.key);
    this.text = typeof message === 'string' ? null : message;
  }
}
