import type { Completion } from '@codemirror/autocomplete';
import type { CompletionItem } from '../../../shared/api/contract';

/**
 * The final rows of a completion shown after its first rows (issue 27). A broad path query on a
 * large workspace answers with first rows at once and its final rows a little later
 * (src/main/workspace/query-run.ts); the list shows the first ones, then the final ones, only when
 * they differ. CodeMirror keeps a moved selection on the row that is the same object in the new
 * list, so the final list reuses each shown row of the same value: the row the person moved to
 * stays selected while it is still listed. Enter or Tab before the final rows arrive takes the row
 * as shown, since that is what the person chose.
 */

/** The identity of a row for the person: what it inserts (its label) and what it is (its type). */
function rowKey(row: Completion): string {
  return `${row.type ?? ''}\u0000${row.label}`;
}

/** `next`, with each row that is also among `shown` replaced by the shown row itself. */
export function keepShownRows(shown: readonly Completion[], next: readonly Completion[]): Completion[] {
  const byKey = new Map(shown.map((row) => [rowKey(row), row]));
  return next.map((row) => byKey.get(rowKey(row)) ?? row);
}

/** True when two answers list the same items in the same order (the final answer then changes nothing). */
export function sameItems(a: readonly CompletionItem[], b: readonly CompletionItem[]): boolean {
  return a.length === b.length && a.every((item, i) => JSON.stringify(item) === JSON.stringify(b[i]));
}
