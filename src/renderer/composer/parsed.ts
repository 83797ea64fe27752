import { parseReferences } from '../../shared/grammar';
import type { ParsedReference } from '../../shared/reference';

/**
 * The prompt's references, parsed once per text. The chips, the References meter and the
 * "being typed" rule of the warnings all read the same text at each keystroke, and the last two
 * read it in store selectors that run on every store change: one parse serves them all. The
 * arrays are shared, so callers must not change them.
 */
let last: { text: string; refs: readonly ParsedReference[] } | null = null;

/** `parseReferences(text)`, remembered for the latest text. */
export function parsedReferences(text: string): readonly ParsedReference[] {
  if (last?.text !== text) last = { text, refs: parseReferences(text) };
  return last.refs;
}
