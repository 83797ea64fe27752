/**
 * Short unique ids for sessions, runs and results: a prefix and 8 characters of lowercase base32
 * (RFC 4648 alphabet, `a-z2-7`), 40 random bits. Short enough to type in `@result:r-k3d9x2ab`,
 * with about one collision in a million among 1,000 ids of one session; the store checks anyway.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** The kinds of id and their prefixes. */
export const ID_PREFIX = { session: 's-', run: 'run-', result: 'r-' } as const;

/** A kind of id. */
export type IdKind = keyof typeof ID_PREFIX;

const PATTERNS: Record<IdKind, RegExp> = {
  session: /^s-[a-z2-7]{8}$/,
  run: /^run-[a-z2-7]{8}$/,
  result: /^r-[a-z2-7]{8}$/,
};

/** 8 random base32 characters. */
export function randomBase32(): string {
  const bytes = randomBytes(5);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** A new id of `kind`, e.g. `r-k3d9x2ab`. */
export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}${randomBase32()}`;
}

/**
 * True when `text` is an id of `kind`. Ids become file names, so only this exact shape is ever
 * joined to a path (no `..`, no separators).
 */
export function isId(kind: IdKind, text: string): boolean {
  return PATTERNS[kind].test(text);
}
