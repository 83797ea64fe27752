/**
 * The character classes the grammar reads Japanese, Chinese and Korean prose with (see
 * docs/grammar.md, "Japanese, Chinese and Korean"). Pure functions of single characters; nothing
 * here touches a path's spelling, only how the parser classifies what it sees.
 */

/**
 * Han, kana, hangul and bopomofo by script extension (so `ー`, `、`, `。`, `「` and the combining
 * voiced marks count), CJK symbols and punctuation, enclosed and compatibility CJK, vertical and
 * compatibility forms, and the half-width and full-width forms block.
 */
const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}\u3000-\u303f\u3190-\u31ff\u3200-\u33ff\ufe10-\ufe1f\ufe30-\ufe4f\uff00-\uffef]/u;
const ASCII_ALNUM = /^[A-Za-z0-9]$/;
const ASCII_DIGIT = /^[0-9]$/;

/**
 * Full-width ASCII (U+FF01–U+FF5E) mapped to ASCII, as NFKC maps it; any other character is
 * returned unchanged. One UTF-16 unit in, one out, so offsets stay those of the original text.
 */
export function halfWidth(ch: string): string {
  const code = ch.charCodeAt(0);
  return ch.length === 1 && code >= 0xff01 && code <= 0xff5e ? String.fromCharCode(code - 0xfee0) : ch;
}

/** Dashes an IME gives for `-` in a line range: full-width, hyphen, en dash, minus, `ー`, `〜`, `～`. */
const RANGE_DASHES: ReadonlySet<string> = new Set(['－', '‐', '‑', '–', '−', 'ー', '〜', '～']);

/** True for a character an IME may type in place of the `-` of a line range. */
export function isRangeDash(ch: string): boolean {
  return RANGE_DASHES.has(ch);
}

/**
 * The syntax form of `text`, unit by unit: full-width ASCII as ASCII and range dashes as `-`.
 * Used to read the `@`, kind, colons and line ranges typed by an IME; never applied to a path.
 */
export function syntaxForm(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    out += isRangeDash(ch) ? '-' : halfWidth(ch);
  }
  return out;
}

/**
 * True for a CJK character: han, kana, hangul, CJK punctuation and symbols, and full-width forms,
 * except full-width letters and digits, which read as the ASCII they stand for.
 */
export function isCjk(ch: string): boolean {
  return CJK.test(ch) && !ASCII_ALNUM.test(halfWidth(ch));
}

/** True for an ASCII letter or digit, typed in half or full width. */
export function isAsciiAlnum(ch: string): boolean {
  return ASCII_ALNUM.test(halfWidth(ch));
}

/** True for an ASCII digit, typed in half or full width. */
export function isAsciiDigit(ch: string): boolean {
  return ASCII_DIGIT.test(halfWidth(ch));
}

/** The whole character (code point) ending just before `at`: an astral one is two UTF-16 units. */
export function charBefore(text: string, at: number): string {
  const code = text.charCodeAt(at - 1);
  if (code >= 0xdc00 && code <= 0xdfff && at >= 2) return text.slice(at - 2, at);
  return text.charAt(at - 1);
}

/** The whole character (code point) starting at `at`, or `''` past the end. */
export function charAt(text: string, at: number): string {
  const cp = text.codePointAt(at);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}
