import { PRODUCT_KINDS, type KindSyntax, type KindTable } from '../kinds';
import type { ParsedReference } from '../reference';
import { charAt, halfWidth, isCjk, syntaxForm } from './chars';
import type { Text } from '../i18n/text';
import { MALFORMED } from './messages';
import { canStartReference } from './start';
import { readCellSuffix, startsCellSuffix, workbookPathEnd } from './cells';
import { endOfRun, endOfUnquoted } from './unquoted';
import { imageModeAfterQuote, splitImageMode } from './image-mode';

/**
 * The one reference grammar (docs/contract.md "Grammar", docs/grammar.md), shared by the renderer and the
 * main process.
 *
 * A reference starts at an `@` that {@link canStartReference} allows, followed by a lowercase
 * kind. Bare kinds (`@diff`, `@staged`: see ../kinds/) end where no letter of another word follows
 * (CJK text may follow directly: `@diffを`); the other kinds take `:VALUE`, quoted (backticks, double or single
 * quotes, no newline inside) or unquoted (see `unquoted.ts` for where it ends). The syntax may be
 * typed in full width by an IME (`＠file：a.ts：１０－２０`): the `@`, the kind, the colons and the
 * line range are read in their NFKC form, the value never is, and offsets stay those of the text.
 */

/** `@` + a lowercase word, either in full width; the kind check happens after, so `@word:` stays text. */
const START = /[@＠]([a-zａ-ｚ]+)/g;
const WORD_CHAR = /[\p{L}\p{N}_]/u;
const QUOTES = new Set(['"', "'", '`']);
/** A line-range suffix as written: digits and dashes after the last colon, starting with a digit or dash. */
const RANGE_ATTEMPT = /:([0-9-][0-9A-Za-z-]*)$/;
const RANGE_AFTER_QUOTE = /^:([0-9-][0-9A-Za-z-]*)/;

/**
 * Finds every reference in `text`, in order. Malformed ones are returned with `malformed` set.
 * `kinds` are the kinds to recognise: the product's, unless a test adds its own (see `withKinds`).
 */
export function parseReferences(text: string): ParsedReference[];
export function parseReferences(text: string, kinds: KindTable): ParsedReference<string>[];
export function parseReferences(text: string, kinds: KindTable = PRODUCT_KINDS): ParsedReference<string>[] {
  const refs: ParsedReference<string>[] = [];
  START.lastIndex = 0;
  for (let m = START.exec(text); m; m = START.exec(text)) {
    const from = m.index;
    const kind = kinds.get(syntaxForm(m[1] as string));
    if (!canStartReference(text, from) || !kind) continue;
    const ref = parseAt(text, from, kind);
    if (!ref) continue;
    refs.push(ref);
    START.lastIndex = ref.to;
  }
  return refs;
}

function parseAt(text: string, from: number, kind: KindSyntax): ParsedReference<string> | null {
  const afterKind = from + 1 + kind.name.length;
  if (kind.bare) {
    // `@diffs` is a word, not a reference; `@diff:` or `@diff.` ends the reference at the kind.
    // CJK text may follow directly (`@diffを`, `@staged는`); full-width letters count as ASCII.
    const next = charAt(text, afterKind);
    if (next && !isCjk(next) && WORD_CHAR.test(halfWidth(next))) return null;
    return { raw: text.slice(from, afterKind), kind: kind.name, value: '', from, to: afterKind, quoted: false };
  }
  if (halfWidth(text.charAt(afterKind)) !== ':') return null;
  const valueStart = afterKind + 1;
  const first = text.charAt(valueStart);
  // A full-width quote opens a value too; it is closed by the same character.
  if (QUOTES.has(halfWidth(first))) return parseQuoted(text, from, kind, valueStart, first);
  return parseBare(text, from, kind, valueStart);
}

function parseQuoted(text: string, from: number, kind: KindSyntax, start: number, quote: string): ParsedReference<string> {
  let close = start + 1;
  while (close < text.length && text.charAt(close) !== quote && text.charAt(close) !== '\n') close++;
  if (close >= text.length || text.charAt(close) !== quote) {
    // No closing quote on this line: mark the run up to whitespace so the composer can show it.
    const to = endOfRun(text, start);
    return malformed(text, from, to, kind.name, text.slice(start + 1, to), MALFORMED.unclosedQuote(quote));
  }
  const value = text.slice(start + 1, close);
  let to = close + 1;
  const base: ParsedReference<string> = { raw: '', kind: kind.name, value, from, to, quoted: true };
  if (kind.value === 'path-with-range' && startsCellSuffix(text, to, value)) return withCells(text, base, to, kind);
  if (kind.value === 'path-with-range') {
    const after = text.slice(to, to + 64);
    const range = RANGE_AFTER_QUOTE.exec(syntaxForm(after));
    if (range) {
      Object.assign(base, parseRange(range[1] as string, after.slice(1, range[0].length)));
      to += range[0].length;
    } else {
      const mode = imageModeAfterQuote(after, value);
      if (mode) {
        base.imageMode = mode.mode;
        to += mode.length;
      }
    }
  }
  return finish(text, base, to, kind);
}

function parseBare(text: string, from: number, kind: KindSyntax, start: number): ParsedReference<string> {
  const pathEnd = kind.value === 'path-with-range' ? workbookPathEnd(text, start) : -1;
  if (pathEnd >= 0) return withCells(text, { raw: '', kind: kind.name, value: text.slice(start, pathEnd), from, to: pathEnd, quoted: false }, pathEnd, kind);
  const to = endOfUnquoted(text, start);
  let value = text.slice(start, to);
  const base: ParsedReference<string> = { raw: '', kind: kind.name, value, from, to, quoted: false };
  if (kind.value === 'path-with-range') {
    // The range is read in its syntax form (`：１０－２０` is `:10-20`); the path is cut from the text as written.
    const range = RANGE_ATTEMPT.exec(syntaxForm(value));
    if (range) {
      const written = value.slice(range.index + 1);
      value = value.slice(0, range.index);
      Object.assign(base, { value }, parseRange(range[1] as string, written));
    } else {
      const mode = splitImageMode(value);
      if (mode) Object.assign(base, { value: mode.path, imageMode: mode.mode });
    }
  }
  return finish(text, base, to, kind);
}

/** A workbook path followed by a sheet and block (`book.xlsx:'売上 2026'!A1:D20`, see `cells.ts`). */
function withCells(text: string, ref: ParsedReference<string>, colon: number, kind: KindSyntax): ParsedReference<string> {
  const suffix = readCellSuffix(text, colon);
  if (suffix.cells) ref.cells = suffix.cells;
  if (suffix.malformed) ref.malformed = suffix.malformed;
  return finish(text, ref, suffix.to, kind);
}

function finish(text: string, ref: ParsedReference<string>, to: number, kind: KindSyntax): ParsedReference<string> {
  ref.to = to;
  ref.raw = text.slice(ref.from, to);
  if (ref.value === '' && !ref.malformed) ref.malformed = MALFORMED.emptyValue(ref.kind);
  else if (kind.value === 'count' && !ref.malformed) {
    // A count typed in full width (`@git：３`) is read in its syntax form.
    const count = syntaxForm(ref.value);
    if (/^[+-]?\d+$/.test(count)) ref.count = Number.parseInt(count, 10);
    else ref.malformed = MALFORMED.gitCount(ref.value);
  }
  return ref;
}

function malformed(text: string, from: number, to: number, kind: string, value: string, why: Text): ParsedReference<string> {
  return { raw: text.slice(from, to), kind, value, from, to, quoted: false, malformed: why };
}

/**
 * Parses `N` or `N-M` (`spec`, in syntax form); anything else that looks like a range attempt is
 * malformed. Sentences quote the range as `written`.
 */
function parseRange(spec: string, written: string): Partial<ParsedReference<string>> {
  const m = /^(\d+)(?:-(\d+))?$/.exec(spec);
  if (!m) return { malformed: MALFORMED.range(written) };
  const start = Number.parseInt(m[1] as string, 10);
  const end = m[2] === undefined ? start : Number.parseInt(m[2], 10);
  if (start < 1) return { lineStart: start, lineEnd: end, malformed: MALFORMED.rangeStart(written) };
  if (end < start) return { lineStart: start, lineEnd: end, malformed: MALFORMED.rangeOrder(written) };
  return { lineStart: start, lineEnd: end };
}
