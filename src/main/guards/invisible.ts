import type { Text } from '../../shared/i18n/text';
import { invisibleMarker, invisibleRedactedMessage, invisibleRunMarker } from './secret-messages';

export { invisibleRedactedMessage } from './secret-messages';

/**
 * Invisible Unicode that can smuggle instructions past a person: the text they see in the preview is
 * not the text the model reads. `neutralizeInvisible` makes such characters visible (`[U+202E]`) or,
 * for long runs (a hidden message), removes them and leaves one marker. The engine reports the result
 * under the `redacted` warning code: the spec's code list is fixed, and `redacted` is the code that
 * means "attached text was changed for safety"; the sentence comes from `invisibleRedactedMessage`.
 *
 * Decisions:
 * - Bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C): always shown. They reorder
 *   what a person sees (Trojan Source); the marks have legitimate uses in right-to-left prose, but the
 *   model needs none of them, and a visible marker there costs little.
 * - Tag characters (U+E0000–U+E007F): always shown, except inside the three RGI subdivision flags
 *   (England, Scotland, Wales), the only legitimate use. Tags spell hidden ASCII ("ASCII smuggling").
 * - Zero-width characters (U+200B, U+200C, U+200D, U+2060, U+180E, U+FEFF after the start): shown,
 *   except ZWJ inside an emoji sequence (👩‍💻, 🏳️‍🌈) and a single ZWJ/ZWNJ between two letters of a
 *   script whose spelling needs them (Arabic/Persian, Syriac, N'Ko, Mongolian, Indic, Sinhala, Tibetan,
 *   Myanmar, Khmer): at most one such character per gap carries about a bit, which no model decodes.
 *   A BOM at offset 0 stays.
 * - Variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF): one right after an ordinary character is
 *   kept (emoji presentation, ideographic variants, for VS17+ only after a Han ideograph); a second one
 *   in a row is shown, since runs of them encode arbitrary bytes ("emoji smuggling").
 * - Other invisible format characters (the rest of Unicode category Cf: invisible math operators,
 *   deprecated format controls, interlinear annotation, musical and hieroglyph format controls), the
 *   combining grapheme joiner, and Hangul filler characters: shown. The soft hyphen and the visible
 *   prepended concatenation marks (U+0600–U+0605, U+06DD, U+070F, U+0890–U+0891, U+08E2, U+110BD,
 *   U+110CD) stay: they are visible or harmless.
 */

/** Kinds of invisible characters, as counted in `kinds`. */
export type InvisibleKind = 'bidi' | 'tag' | 'zero-width' | 'variation-selector' | 'format' | 'filler';

/** What `neutralizeInvisible` did. */
export interface InvisibleResult {
  /** The text with risky invisible characters made visible or removed; the input when none. */
  text: string;
  /** Characters made visible or removed. */
  count: number;
  /** The same count by kind. */
  kinds: Partial<Record<InvisibleKind, number>>;
}

/** Characters that might be risky; each is then judged in context. */
// Variation selectors and the grapheme joiner are alternatives, not class members: a class that lists
// combining characters reads as if it matched combined sequences (eslint no-misleading-character-class).
const CANDIDATE_SOURCE = String.raw`[\p{Cf}\u3164\uFFA0]|\u034F|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]`;
const IS_CANDIDATE = new RegExp(`^(?:${CANDIDATE_SOURCE})$`, 'u');

/** Category Cf characters that are visible or harmless. */
const BENIGN = /[\u00AD\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]/u;

/** The three RGI subdivision flags: black flag, tag letters, cancel tag. */
const TAG_FLAG =
  /\u{1F3F4}\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F}/gu;

/** Runs at least this long are removed with one marker instead of one marker per character. */
const RUN_THRESHOLD = 4;

const EMOJI_BEFORE_ZWJ = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const EMOJI_AFTER_ZWJ = /\p{Extended_Pictographic}/u;
/** Scripts whose spelling uses ZWJ/ZWNJ (Arabic and Persian, Syriac, N'Ko, Mongolian, Indic, Southeast Asian). */
const JOINING_SCRIPT = new RegExp(
  '[' +
    ['Arabic', 'Syriac', 'Nko', 'Mongolian', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil',
      'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Tibetan', 'Myanmar', 'Khmer']
      .map((script) => `\\p{Script=${script}}`)
      .join('') +
    ']',
  'u',
);
const MARK = /\p{M}/u;
const HAN = /\p{Script=Han}/u;

/** Classifies a code point; null when it is not a kind of invisible character this guard handles. */
export function invisibleKind(cp: number): InvisibleKind | null {
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f || cp === 0x061c) return 'bidi';
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0x2060 || cp === 0xfeff || cp === 0x180e) return 'zero-width';
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 'variation-selector';
  if (cp === 0x3164 || cp === 0xffa0) return 'filler';
  const ch = String.fromCodePoint(cp);
  return IS_CANDIDATE.test(ch) && !BENIGN.test(ch) ? 'format' : null;
}

const isVariationSelector = (cp: number | undefined): boolean =>
  cp !== undefined && ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef));

/** The code point that ends just before `index`, or undefined at the start. */
function codePointBefore(text: string, index: number): number | undefined {
  if (index === 0) return undefined;
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return text.codePointAt(start);
}

const char = (cp: number | undefined): string => (cp === undefined ? '' : String.fromCodePoint(cp));

/** True when the character at `index` is legitimate where it stands (see the decisions above). */
function allowedInContext(text: string, index: number, cp: number, kind: InvisibleKind): boolean {
  // Only joiners, the BOM and variation selectors ever depend on their neighbours.
  if (kind !== 'variation-selector' && cp !== 0x200c && cp !== 0x200d && cp !== 0xfeff) return false;
  const prev = codePointBefore(text, index);
  const next = text.codePointAt(index + (cp > 0xffff ? 2 : 1));
  if (cp === 0xfeff) return index === 0;
  if (cp === 0x200d && EMOJI_BEFORE_ZWJ.test(char(prev)) && EMOJI_AFTER_ZWJ.test(char(next))) return true;
  if (cp === 0x200c || cp === 0x200d) {
    // Between two characters of a joining script (or its combining marks), at least one a letter of it.
    const [p, n] = [char(prev), char(next)];
    const fits = (c: string) => JOINING_SCRIPT.test(c) || MARK.test(c);
    return fits(p) && fits(n) && (JOINING_SCRIPT.test(p) || JOINING_SCRIPT.test(n));
  }
  if (kind === 'variation-selector') {
    if (prev === undefined || isVariationSelector(prev) || /\s/.test(char(prev))) return false;
    if (invisibleKind(prev) !== null) return false;
    return cp < 0xe0100 || HAN.test(char(prev));
  }
  return false;
}

/** UTF-16 ranges of the subdivision flags, whose tag characters are legitimate. */
function flagRanges(text: string): [number, number][] {
  if (!text.includes('\u{1F3F4}')) return [];
  return [...text.matchAll(new RegExp(TAG_FLAG.source, 'gu'))].map((m) => [m.index, m.index + m[0].length]);
}

/** One character to neutralize: its UTF-16 offset and length, and its code point. */
export interface InvisibleHit {
  index: number;
  length: number;
  cp: number;
}
type Hit = InvisibleHit;

/**
 * Finds the characters `neutralizeInvisible` would change, in order, with their kinds counted. Lets a
 * caller look through them (for example to scan for secrets that an invisible character splits).
 */
export function findInvisibleHits(text: string): { hits: InvisibleHit[]; kinds: InvisibleResult['kinds'] } {
  const hits: Hit[] = [];
  const kinds: InvisibleResult['kinds'] = {};
  const flags = flagRanges(text);
  const re = new RegExp(CANDIDATE_SOURCE, 'gu');
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const cp = m[0].codePointAt(0)!;
    const kind = invisibleKind(cp);
    if (kind === null || allowedInContext(text, m.index, cp, kind)) continue;
    if (kind === 'tag' && flags.length > 0 && flags.some(([s, e]) => m!.index >= s && m!.index < e)) continue;
    hits.push({ index: m.index, length: m[0].length, cp });
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return { hits, kinds };
}

/** Groups hits that touch one another into runs. */
function runs(hits: readonly Hit[]): Hit[][] {
  const out: Hit[][] = [];
  for (const hit of hits) {
    const run = out[out.length - 1];
    const last = run?.[run.length - 1];
    if (run && last && last.index + last.length === hit.index) run.push(hit);
    else out.push([hit]);
  }
  return out;
}

/**
 * Makes invisible characters that can smuggle instructions visible: each becomes `[U+XXXX]`, and a run
 * of 4 or more becomes one `[N invisible characters removed]` marker (a hidden message would otherwise
 * grow ninefold). Emoji sequences, subdivision flags, joiners inside non-Latin words and single
 * variation selectors are left alone. Pure and linear; returns the input itself when nothing is found.
 */
export function neutralizeInvisible(text: string): InvisibleResult {
  const { hits, kinds } = findInvisibleHits(text);
  if (hits.length === 0) return { text, count: 0, kinds: {} };
  const parts: string[] = [];
  let at = 0;
  for (const run of runs(hits)) {
    const first = run[0]!;
    const last = run[run.length - 1]!;
    parts.push(text.slice(at, first.index));
    parts.push(run.length >= RUN_THRESHOLD ? invisibleRunMarker(run.length) : run.map((h) => invisibleMarker(h.cp)).join(''));
    at = last.index + last.length;
  }
  parts.push(text.slice(at));
  return { text: parts.join(''), count: hits.length, kinds };
}

/** The `redacted` warning sentence for a result, or null when nothing was changed. */
export function invisibleWarning(result: InvisibleResult): Text | null {
  return invisibleRedactedMessage(result.kinds);
}
