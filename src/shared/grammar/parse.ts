import { BARE_KINDS, REFERENCE_KINDS, type ParsedReference, type ReferenceKind } from '../reference';
import { MALFORMED } from './messages';

/**
 * The one reference grammar (docs/contract.md "Grammar"), shared by the renderer and the main process.
 *
 * A reference starts at an `@` not preceded by a word character or `/`, followed by a lowercase
 * kind. `@diff` and `@staged` are bare and end at a word boundary; the other kinds take `:VALUE`,
 * quoted (backticks, double or single quotes, no newline inside) or a run of non-whitespace.
 */

const KIND_SET: ReadonlySet<string> = new Set(REFERENCE_KINDS);
/** `@` + a lowercase word; the kind check happens after, so `@word:` with an unknown kind stays text. */
const START = /@([a-z]+)/g;
const WORD_CHAR = /[\p{L}\p{N}_]/u;
const QUOTES = new Set(['"', "'", '`']);
const TRAILING_PUNCTUATION = new Set([',', '.', ';', '!', '?']);
const CLOSERS: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };
/** A line-range suffix as written: digits and dashes after the last colon, starting with a digit or dash. */
const RANGE_ATTEMPT = /:([0-9-][0-9A-Za-z-]*)$/;
const RANGE_AFTER_QUOTE = /^:([0-9-][0-9A-Za-z-]*)/;

/** Finds every reference in `text`, in order. Malformed ones are returned with `malformed` set. */
export function parseReferences(text: string): ParsedReference[] {
  const refs: ParsedReference[] = [];
  START.lastIndex = 0;
  for (let m = START.exec(text); m; m = START.exec(text)) {
    const from = m.index;
    const kind = m[1] as string;
    if (!startsReference(text, from) || !KIND_SET.has(kind)) continue;
    const ref = parseAt(text, from, kind as ReferenceKind);
    if (!ref) continue;
    refs.push(ref);
    START.lastIndex = ref.to;
  }
  return refs;
}

/** True when the `@` at `at` may start a reference: not after a word character or `/` (emails, paths). */
function startsReference(text: string, at: number): boolean {
  if (at === 0) return true;
  const before = previousChar(text, at);
  return before !== '/' && !WORD_CHAR.test(before);
}

function previousChar(text: string, at: number): string {
  const code = text.charCodeAt(at - 1);
  // A low surrogate: take the whole astral character so \p{L} sees a letter, not half of one.
  if (code >= 0xdc00 && code <= 0xdfff && at >= 2) return text.slice(at - 2, at);
  return text.charAt(at - 1);
}

function parseAt(text: string, from: number, kind: ReferenceKind): ParsedReference | null {
  const afterKind = from + 1 + kind.length;
  if (BARE_KINDS.has(kind)) {
    // `@diffs` is a word, not a reference; `@diff:` or `@diff.` ends the reference at the kind.
    const next = text.charAt(afterKind);
    if (next && WORD_CHAR.test(next)) return null;
    return { raw: text.slice(from, afterKind), kind, value: '', from, to: afterKind, quoted: false };
  }
  if (text.charAt(afterKind) !== ':') return null;
  const valueStart = afterKind + 1;
  const first = text.charAt(valueStart);
  if (QUOTES.has(first)) return parseQuoted(text, from, kind, valueStart, first);
  return parseBare(text, from, kind, valueStart);
}

function parseQuoted(text: string, from: number, kind: ReferenceKind, start: number, quote: string): ParsedReference {
  let close = start + 1;
  while (close < text.length && text.charAt(close) !== quote && text.charAt(close) !== '\n') close++;
  if (close >= text.length || text.charAt(close) !== quote) {
    // No closing quote on this line: mark the run up to whitespace so the composer can show it.
    const to = endOfRun(text, start);
    return malformed(text, from, to, kind, text.slice(start + 1, to), MALFORMED.unclosedQuote(quote));
  }
  const value = text.slice(start + 1, close);
  let to = close + 1;
  const base: ParsedReference = { raw: '', kind, value, from, to, quoted: true };
  if (kind === 'file') {
    const range = RANGE_AFTER_QUOTE.exec(text.slice(to));
    if (range) {
      to += range[0].length;
      Object.assign(base, { to }, parseRange(range[1] as string));
    }
  }
  return finish(text, base, to);
}

function parseBare(text: string, from: number, kind: ReferenceKind, start: number): ParsedReference {
  const to = trimUnquoted(text, start, endOfRun(text, start));
  let value = text.slice(start, to);
  const base: ParsedReference = { raw: '', kind, value, from, to, quoted: false };
  if (kind === 'file') {
    const range = RANGE_ATTEMPT.exec(value);
    if (range) {
      value = value.slice(0, range.index);
      Object.assign(base, { value }, parseRange(range[1] as string));
    }
  }
  return finish(text, base, to);
}

function finish(text: string, ref: ParsedReference, to: number): ParsedReference {
  ref.to = to;
  ref.raw = text.slice(ref.from, to);
  if (ref.value === '' && !ref.malformed) ref.malformed = MALFORMED.emptyValue(ref.kind);
  else if (ref.kind === 'git' && !ref.malformed) {
    if (/^[+-]?\d+$/.test(ref.value)) ref.count = Number.parseInt(ref.value, 10);
    else ref.malformed = MALFORMED.gitCount(ref.value);
  }
  return ref;
}

function malformed(text: string, from: number, to: number, kind: ReferenceKind, value: string, why: string): ParsedReference {
  return { raw: text.slice(from, to), kind, value, from, to, quoted: false, malformed: why };
}

function endOfRun(text: string, start: number): number {
  let end = start;
  while (end < text.length && !/\s/.test(text.charAt(end))) end++;
  return end;
}

/**
 * Drops trailing `, . ; ! ?` and closing brackets that have no opener inside the value, repeatedly:
 * `(see @file:a.ts).` references `a.ts`, while `@file:fn(x).ts` keeps its parentheses.
 */
function trimUnquoted(text: string, start: number, end: number): number {
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

/** Parses `N` or `N-M`; anything else that looks like a range attempt is malformed. */
function parseRange(spec: string): Partial<ParsedReference> {
  const m = /^(\d+)(?:-(\d+))?$/.exec(spec);
  if (!m) return { malformed: MALFORMED.range(spec) };
  const start = Number.parseInt(m[1] as string, 10);
  const end = m[2] === undefined ? start : Number.parseInt(m[2], 10);
  if (start < 1) return { lineStart: start, lineEnd: end, malformed: MALFORMED.rangeStart(spec) };
  if (end < start) return { lineStart: start, lineEnd: end, malformed: MALFORMED.rangeOrder(spec) };
  return { lineStart: start, lineEnd: end };
}
