import { charAt, charBefore, isAsciiAlnum, isAsciiDigit, isCjk, isRangeDash } from './chars';

/**
 * Where an unquoted value ends (docs/grammar.md). In order:
 * 1. at whitespace (the ideographic space U+3000 included);
 * 2. before CJK sentence punctuation (`。、，．！？；` and the half-width `｡､`), and before a
 *    full-width colon `：` unless a line range follows it;
 * 3. before a CJK closer (`」』）】〉》〕］｝〙〛`) that has no opener earlier in the value;
 * 4. where CJK text directly follows an ASCII letter or digit (`src/app.tsを`, `a.ts를`), except a
 *    range dash between two digits (`10ー20`); CJK after `/`, `_`, `-`, `.` or other CJK goes on
 *    (`docs/会議メモ.md`, `README_日本語.md`);
 * 5. then trailing `, . ; ! ?`, their CJK and full-width kin, and closers without an opener inside
 *    the value are dropped, repeatedly (`(see @file:a.ts).`).
 */

const CJK_STOPS: ReadonlySet<string> = new Set(['。', '、', '，', '．', '！', '？', '；', '｡', '､']);
const TRAILING_PUNCTUATION: ReadonlySet<string> = new Set([',', '.', ';', '!', '?', ...CJK_STOPS, '：']);
/** Closers and their openers; the CJK ones also end a value where they are unmatched. */
const ASCII_CLOSERS: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };
const CJK_CLOSERS: Readonly<Record<string, string>> = {
  '」': '「', '』': '『', '）': '（', '】': '【', '〉': '〈', '》': '《', '〕': '〔', '］': '［', '｝': '｛', '〙': '〘', '〛': '〚',
};
const CLOSERS: Readonly<Record<string, string>> = { ...ASCII_CLOSERS, ...CJK_CLOSERS };

/** The end of the unquoted value that starts at `start` (rules 1 to 5 above). */
export function endOfUnquoted(text: string, start: number): number {
  return trimTrailing(text, start, cutAtCjk(text, start, endOfRun(text, start)));
}

/** The end of the run of non-whitespace that starts at `start`. */
export function endOfRun(text: string, start: number): number {
  let end = start;
  while (end < text.length && !/\s/.test(text.charAt(end))) end++;
  return end;
}

/** Rules 2 to 4: the first place in `start..end` where the value stops. */
function cutAtCjk(text: string, start: number, end: number): number {
  for (let i = start; i < end; ) {
    const ch = charAt(text, i);
    if (CJK_STOPS.has(ch)) return i;
    if (ch === '：') {
      const next = text.charAt(i + 1);
      if (!isAsciiDigit(next) && !isRangeDash(next) && next !== '-') return i;
    } else if (CJK_CLOSERS[ch] !== undefined) {
      if (count(text, start, i, CJK_CLOSERS[ch]) <= count(text, start, i, ch)) return i;
    } else if (i > start && isCjk(ch) && isAsciiAlnum(charBefore(text, i))) {
      const rangeDash = isRangeDash(ch) && isAsciiDigit(charBefore(text, i)) && isAsciiDigit(text.charAt(i + 1));
      if (!rangeDash) return i;
    }
    i += ch.length;
  }
  return end;
}

/** Rule 5: drops trailing punctuation and unmatched closers, repeatedly. */
function trimTrailing(text: string, start: number, end: number): number {
  while (end > start) {
    const last = text.charAt(end - 1);
    if (TRAILING_PUNCTUATION.has(last)) {
      end--;
      continue;
    }
    const opener = CLOSERS[last];
    if (opener && count(text, start, end, opener) < count(text, start, end, last)) {
      end--;
      continue;
    }
    break;
  }
  return end;
}

function count(text: string, start: number, end: number, ch: string): number {
  let n = 0;
  for (let i = start; i < end; i++) if (text.charAt(i) === ch) n++;
  return n;
}
