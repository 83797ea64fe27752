/**
 * Every sentence the secret and invisible-character guards show to a person, and the markers they put
 * into attached text, in one place so other languages can follow English. Both guards report under
 * the `redacted` warning code: the spec's code list is fixed, and `redacted` is the one that means
 * "the attached text was changed for your safety before anything was counted, stored, shown or sent".
 */

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

/** Entries of a count table, largest first, ties by name, as `2 × github-token`. */
function tally(counts: Readonly<Record<string, number>>, label: (key: string) => string = (k) => k): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([key, n]) => `${n} × ${label(key)}`)
    .join(', ');
}

/** Total of a count table. */
function total(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/**
 * The `redacted` warning sentence for secrets, e.g. "3 secrets were redacted: 2 × github-token,
 * 1 × private-key. ...", or null when nothing was redacted.
 */
export function secretsRedactedMessage(counts: Readonly<Record<string, number>>): string | null {
  const n = total(counts);
  if (n === 0) return null;
  const head = n === 1 ? '1 secret was redacted' : `${n} secrets were redacted`;
  return (
    `${head}: ${tally(counts)}. They were replaced by [REDACTED:rule] before anything was counted, ` +
    'stored or sent; if the model needs a value, describe it instead of attaching it.'
  );
}

/** How each kind of invisible character is named in a sentence. */
const INVISIBLE_KIND_NAMES: Readonly<Record<string, string>> = {
  bidi: 'text direction control',
  tag: 'tag character',
  'zero-width': 'zero-width character',
  'variation-selector': 'variation selector',
  format: 'invisible format character',
  filler: 'blank filler character',
};

/**
 * The `redacted` warning sentence for invisible characters, e.g. "2 invisible characters were made
 * visible or removed: 2 × text direction control. ...", or null when there were none.
 */
export function invisibleRedactedMessage(kinds: Readonly<Record<string, number>>): string | null {
  const n = total(kinds);
  if (n === 0) return null;
  const head = n === 1 ? '1 invisible character was' : `${n} invisible characters were`;
  return (
    `${head} made visible or removed: ${tally(kinds, (k) => INVISIBLE_KIND_NAMES[k] ?? k)}. ` +
    'Such characters can hide or reorder text, so that what you see differs from what the model reads; ' +
    'check the original if the text looks wrong.'
  );
}
