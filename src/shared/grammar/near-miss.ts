import { BARE_KINDS, REFERENCE_KINDS, type ReferenceKind } from '../reference';
import { halfWidth } from './chars';
import { canStartReference } from './start';

/**
 * Near misses: text that was almost a reference (`@fle:src/app.ts`, `@folder src`, `@dif`) and so
 * goes to the model as plain text. One rule for the composer (a warning with a quick fix) and the
 * engine alike. It speaks only when the intent is plain, so an email address (`me@example.com`, not
 * a reference start) and a mention (`@tanaka`, `@gil`) stay quiet:
 * - a word and a colon, the word within two edits of a kind with a value (`@fle:`, `@flie:`, `@FILE:`);
 * - a kind with a value written without its colon (`@folder src`, `@file`);
 * - the start of a bare kind, three letters or more (`@dif`, `@stage`), or a bare kind in capitals.
 */

/** One near miss: where it is, what was written and what was probably meant. */
export interface NearMiss {
  from: number;
  to: number;
  /** The text as written, e.g. `@fle:`. */
  written: string;
  /** What to write instead, e.g. `@file:`. */
  suggestion: string;
  kind: ReferenceKind;
}

/** Letters read after `@` at most: a longer word is no kind's typo. */
const MAX_WORD = 12;
/** Characters looked at in all: the composer asks on every keystroke. */
const MAX_SCAN = 200_000;

const VALUE_KINDS = REFERENCE_KINDS.filter((k) => !BARE_KINDS.has(k));

/** Optimal string alignment distance (an adjacent swap counts as one edit), for short words. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[i - 1]?.[j] ?? 0) + 1, (d[i]?.[j - 1] ?? 0) + 1, (d[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (d[i - 2]?.[j - 2] ?? 0) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return d[a.length]?.[b.length] ?? 0;
}

/** The value kind `word` (lower case) most likely meant, within two edits, or null. */
function closestValueKind(word: string): ReferenceKind | null {
  let best: ReferenceKind | null = null;
  let bestDistance = 3;
  for (const kind of VALUE_KINDS) {
    const distance = editDistance(word, kind);
    // A short kind (`git`, `url`) allows one edit only, or every two-letter word would be near one.
    const allowed = kind.length <= 3 ? 1 : 2;
    if (distance <= allowed && distance < bestDistance) [best, bestDistance] = [kind, distance];
  }
  return best;
}

/** What `word` followed by `colon` was probably meant as, or null when it is quiet. */
function meant(word: string, colon: boolean): ReferenceKind | null {
  const lower = word.toLowerCase();
  if (colon) {
    if (lower !== word && (REFERENCE_KINDS as readonly string[]).includes(lower)) return lower as ReferenceKind;
    if ((REFERENCE_KINDS as readonly string[]).includes(word)) return null;
    // A capitalised word is a name (`@Gil: thanks`); a typo keeps the kind's lower case.
    return word.length >= 2 && word === lower ? closestValueKind(lower) : null;
  }
  if ((VALUE_KINDS as readonly string[]).includes(word)) return word as ReferenceKind;
  for (const kind of BARE_KINDS) {
    if (word === kind) return null;
    if (lower === kind) return kind;
    if (word.length >= 3 && word.length < kind.length && kind.startsWith(word)) return kind;
  }
  return null;
}

/** Every near miss in `text`, in order. */
export function findNearMisses(text: string): NearMiss[] {
  const found: NearMiss[] = [];
  const end = Math.min(text.length, MAX_SCAN);
  for (let at = 0; at < end; at++) {
    const ch = text[at] as string;
    if (ch !== '@' && ch !== '＠') continue;
    if (!canStartReference(text, at)) continue;
    let stop = at + 1;
    while (stop < end && stop - at - 1 <= MAX_WORD && /[A-Za-z]/.test(halfWidth(text[stop] as string))) stop++;
    const word = [...text.slice(at + 1, stop)].map(halfWidth).join('');
    if (word === '' || word.length > MAX_WORD) continue;
    const next = stop < text.length ? halfWidth(text[stop] as string) : '';
    const colon = next === ':';
    // A word glued to more text (`@filename`, `@diffs`) is a word, not a kind.
    if (!colon && next !== '' && /[\p{L}\p{N}_]/u.test(next) && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(next)) continue;
    const kind = meant(word, colon);
    if (kind === null) continue;
    const to = colon ? stop + 1 : stop;
    const suggestion = BARE_KINDS.has(kind) ? `@${kind}` : `@${kind}:`;
    found.push({ from: at, to, written: text.slice(at, to), suggestion, kind });
    at = to - 1;
  }
  return found;
}
