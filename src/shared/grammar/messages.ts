import { text, type Text } from '../i18n/text';

/**
 * The sentences the grammar uses for malformed references, as catalogue texts (`grammar.*`),
 * shown in the person's language by whoever shows them.
 */
export const MALFORMED = {
  emptyValue: (kind: string): Text => (kind === 'git' ? text('grammar.emptyGit') : text('grammar.emptyValue', { kind })),
  unclosedQuote: (quote: string): Text => text('grammar.unclosedQuote', { quote }),
  gitCount: (value: string): Text => text('grammar.gitCount', { value }),
  range: (spec: string): Text => text('grammar.range', { spec }),
  rangeStart: (spec: string): Text => text('grammar.rangeStart', { spec }),
  rangeOrder: (spec: string): Text => text('grammar.rangeOrder', { spec }),
  cells: (spec: string): Text => text('grammar.cells', { spec }),
} as const;
