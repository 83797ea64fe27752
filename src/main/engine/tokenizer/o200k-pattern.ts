/**
 * o200k_base's pre-token pattern: the one tiktoken publishes and gpt-tokenizer ships as
 * `O200K_TOKEN_SPLIT_REGEX` (o200k-pattern.test.ts holds the two to the same source and flags).
 *
 * Why a copy: importing gpt-tokenizer's constants builds its three encodings' patterns, and V8
 * parses each `\p{...}` class as the pattern is built; the two Atmark never uses were about 2 ms of
 * every cold `atmark expand` (issue 27: the cold CLI).
 */
const CONTRACTION_SUFFIX = String.raw`(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?`;
const UPPER = String.raw`[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`;
const LOWER = String.raw`[\p{Ll}\p{Lm}\p{Lo}\p{M}]`;
const LEAD = String.raw`[^\r\n\p{L}\p{N}]?`;

/** The pattern's source, alternative by alternative, as gpt-tokenizer writes it. */
export const O200K_PATTERN_SOURCE = [
  `${LEAD}${UPPER}*${LOWER}+${CONTRACTION_SUFFIX}`,
  `${LEAD}${UPPER}+${LOWER}*${CONTRACTION_SUFFIX}`,
  String.raw`\p{N}{1,3}`,
  String.raw` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
  String.raw`\s*[\r\n]+`,
  String.raw`\s+(?!\S)`,
  String.raw`\s+`,
].join('|');

/** The pre-token pattern (global and Unicode, as the counter's `matchAll` needs). */
export const O200K_TOKEN_SPLIT_REGEX = new RegExp(O200K_PATTERN_SOURCE, 'gu');
