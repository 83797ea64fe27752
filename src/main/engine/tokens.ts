/**
 * Token counting with a real tokenizer (o200k_base, the encoding of current OpenAI models), not a
 * character estimate. gpt-tokenizer ships its ranks in the package, so it works offline. Its ranks
 * take about 150 ms and 70 MB to load, so the counter is loaded on first need
 * ({@link loadTokenCounter}); the engine starts that load when an expansion starts, in parallel with
 * resolution, and `atmark --help` never pays for it.
 */
export type TokenCounter = (text: string) => number;

/**
 * Byte-pair encoding is quadratic in the length of one pre-token: a 60 KB minified line took 3 s
 * here. Runs without whitespace longer than this are counted in pieces of this size; the count then
 * differs from the exact one by at most a token or two per piece, and stays linear.
 */
export const LONG_RUN_PIECE = 1024;
const LONG_RUN = new RegExp(`\\S{${LONG_RUN_PIECE + 1},}`, 'g');

/** Wraps an exact o200k counter so long runs without whitespace are counted in pieces. */
export function pieceCounter(countO200k: TokenCounter): TokenCounter {
  return (text) => {
    if (text === '') return 0;
    let total = 0;
    let last = 0;
    for (const m of text.matchAll(LONG_RUN)) {
      total += countO200k(text.slice(last, m.index));
      for (let i = 0; i < m[0].length; i += LONG_RUN_PIECE) total += countO200k(m[0].slice(i, i + LONG_RUN_PIECE));
      last = m.index + m[0].length;
    }
    if (last < text.length) total += countO200k(text.slice(last));
    return total;
  };
}

let loading: Promise<TokenCounter> | null = null;

/** The o200k_base counter, loaded once per process on the first call. */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => pieceCounter(m.countTokens));
  return loading;
}
