/**
 * Token counting with a real tokenizer (o200k_base, the encoding of current OpenAI models), not a
 * character estimate. The ranks and the pre-token pattern are gpt-tokenizer's, shipped in the
 * package, so it works offline; the counting itself is Atmark's (tokenizer/), because loading the
 * library's encoder took about 280 ms and 70 MB of a cold start. The counter is loaded on first
 * need ({@link loadTokenCounter}); the engine starts that load when an expansion starts, in
 * parallel with resolution, and `atmark --help` never pays for it.
 */
import { LruMap } from '../../shared/lru';

export type TokenCounter = (text: string) => number;

/**
 * Byte-pair encoding is quadratic in the length of one pre-token: a 60 KB minified line took 3 s
 * here. Runs without whitespace longer than this are counted in pieces of this size; the count then
 * differs from the exact one by at most a token or two per piece, and stays linear.
 */
export const LONG_RUN_PIECE = 1024;

/**
 * `\s` of a JavaScript regular expression without the `u` flag, for one UTF-16 code unit: the
 * ASCII spaces and controls, no-break space, the Unicode space separators, the line and paragraph
 * separators and the byte order mark.
 */
export function isRegExpSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Wraps an exact o200k counter so long runs without whitespace are counted in pieces.
 *
 * The runs are found by a loop rather than `/\S{1025,}/g`, which found the same runs: V8 compiles a
 * counted repeat into that many copies of the class, and once the pattern had run twice (the
 * regular-expression tier-up) compiling it to machine code took 10-16 ms of a cold
 * `atmark expand '@diff'` and of a fresh engine's first `@diff` (issue 27).
 */
export function pieceCounter(countO200k: TokenCounter): TokenCounter {
  return (text) => {
    if (text === '') return 0;
    let total = 0;
    let last = 0; // counted up to here
    let run = 0; // where the current run without whitespace started
    const n = text.length;
    for (let i = 0; i <= n; i++) {
      if (i < n && !isRegExpSpace(text.charCodeAt(i))) continue;
      if (i - run > LONG_RUN_PIECE) {
        total += countO200k(text.slice(last, run));
        for (let p = run; p < i; p += LONG_RUN_PIECE) total += countO200k(text.slice(p, Math.min(p + LONG_RUN_PIECE, i)));
        last = i;
      }
      run = i + 1;
    }
    if (last < n) total += countO200k(text.slice(last));
    return total;
  };
}

let loading: Promise<TokenCounter> | null = null;

/** The o200k_base counter, loaded once per process on the first call. */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= import('./tokenizer/o200k').then((m) => m.loadO200kCounter()).then(pieceCounter);
  return loading;
}

/**
 * Tokens of an expanded message whose last part is `blocks` joined by blank lines, counted in
 * segments: the text before the blocks, then each block with the blank line after it. The cuts
 * fall right after a run of newlines and before a character that is not whitespace, where o200k's
 * pre-tokenizer always splits, so the sum equals the count of the whole text. `count` may remember
 * segments (see {@link rememberingCounter}): a block unchanged since the last expansion is then not
 * counted again. Falls back to counting the whole text when the message is not laid out so.
 */
export function countExpanded(expanded: string, blocks: readonly string[], count: TokenCounter): number {
  if (blocks.length === 0) return count(expanded);
  const tail = blocks.join('\n\n');
  const start = expanded.length - tail.length;
  const cuttable = start > 0 && expanded.charCodeAt(start - 1) === 10 && blocks.every((b) => b.length > 0 && !/^\s/.test(b)) && expanded.endsWith(tail);
  if (!cuttable) return count(expanded);
  let total = count(expanded.slice(0, start));
  for (let i = 0; i < blocks.length; i++) total += count(i < blocks.length - 1 ? `${blocks[i]}\n\n` : (blocks[i] as string));
  return total;
}

/** Texts at least this long are remembered by {@link rememberingCounter}. */
const REMEMBER_MIN_CHARS = 256;

/**
 * A counter that remembers the counts of long texts it saw (up to `maxChars` characters of them,
 * least recently used dropped first; a text over a quarter of that is not kept): the blocks of
 * unchanged references, counted once.
 */
export function rememberingCounter(count: TokenCounter, maxChars = 8 * 1024 * 1024): TokenCounter {
  const seen = new LruMap<string, number>(Number.POSITIVE_INFINITY, (_n, text) => text.length, maxChars);
  return (text) => {
    if (text.length < REMEMBER_MIN_CHARS) return count(text);
    let n = seen.get(text);
    if (n === undefined) {
      n = count(text);
      seen.set(text, n);
    }
    return n;
  };
}
