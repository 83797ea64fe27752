/**
 * Every sentence the secret and invisible-character guards show to a person, and the markers they put
 * into attached text, in one place so other languages can follow English. Both guards report under
 * the `redacted` warning code: the spec's code list is fixed, and `redacted` is the one that means
 * "the attached text was changed for your safety before anything was counted, stored, shown or sent".
 */

import { text, type MessageKey, type Text } from '../../shared/i18n/text';

/** The marker that replaces a secret in attached text. */
export function redactionMarker(rule: string): string {
  return `[REDACTED:${rule}]`;
}

/** The marker that makes one invisible character visible, e.g. `[U+202E]`. */
export function invisibleMarker(codePoint: number): string {
  return `[U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}]`;
}

/** The marker that stands for a run of invisible characters too long to show one by one. */
export function invisibleRunMarker(count: number): string {
  return `[${count} invisible characters removed]`;
}

/** Entries of a count table, largest first, ties by name. */
function entries(counts: Readonly<Record<string, number>>): Array<[string, number]> {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

/** Total of a count table. */
function total(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/**
 * The `redacted` warning for secrets, e.g. "3 secrets were redacted: 2 × github-token,
 * 1 × private-key. ...", or null when nothing was redacted. Rule names are the same in every language.
 */
export function secretsRedactedMessage(counts: Readonly<Record<string, number>>): Text | null {
  const n = total(counts);
  if (n === 0) return null;
  return text('secrets.redacted', { count: n, tally: entries(counts).map(([rule, k]) => `${k} × ${rule}`) });
}

const INVISIBLE_KINDS = new Set(['bidi', 'tag', 'zero-width', 'variation-selector', 'format', 'filler']);

/**
 * The `redacted` warning for invisible characters, e.g. "2 invisible characters were made
 * visible or removed: 2 × text direction control. ...", or null when there were none.
 */
export function invisibleRedactedMessage(kinds: Readonly<Record<string, number>>): Text | null {
  const n = total(kinds);
  if (n === 0) return null;
  const label = (kind: string): Text | string => (INVISIBLE_KINDS.has(kind) ? text(`secrets.invisibleKind.${kind}` as MessageKey) : kind);
  return text('secrets.invisible', { count: n, tally: entries(kinds).map(([kind, k]) => text('secrets.tallyItem', { n: k, label: label(kind) })) });
}
