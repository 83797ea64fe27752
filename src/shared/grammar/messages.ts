/**
 * The sentences the grammar uses for malformed references. User-facing text lives here, in one
 * place, so other languages can follow English.
 */
export const MALFORMED = {
  emptyValue: (kind: string): string =>
    kind === 'git'
      ? 'the commit count is missing: write it as @git:3'
      : `nothing follows @${kind}: write a value after the colon, in quotes if it contains spaces`,
  unclosedQuote: (quote: string): string => `the quote ${quote} is not closed on this line: close it after the value`,
  gitCount: (value: string): string => `"${value}" is not a whole number of commits: write it as @git:3`,
  range: (spec: string): string =>
    `"${spec}" is not a line range: write :N for one line or :N-M for lines N to M, counting from 1`,
  rangeStart: (spec: string): string => `line range "${spec}" starts before line 1: lines count from 1`,
  rangeOrder: (spec: string): string => `line range "${spec}" ends before it starts: write the smaller number first`,
} as const;
