import type { CompletionContext } from '@codemirror/autocomplete';
import { canStartReference } from '../../../shared/grammar';
import { REFERENCE_KINDS, type ReferenceKind } from '../../../shared/kinds';

/** What the text before the cursor says is being completed: a kind's word (`@fi`) or a kind's value (`@file:src/ma`). */
export type CompletionTarget =
  | { type: 'word'; from: number; word: string }
  | { type: 'value'; from: number; kind: ReferenceKind; value: string };

/**
 * Finds the reference being written before the cursor. Only the start condition (the grammar's own
 * {@link canStartReference}, so completion never offers a reference the parser would leave as text)
 * and the kind prefix are checked; values are completed, not parsed. A full-width `＠` typed by an
 * IME counts as `@` (it is replaced by `@` when an option is picked). Null: nothing to complete.
 */
export function completionTarget(context: CompletionContext): CompletionTarget | null {
  const match = context.matchBefore(/[@＠][a-z]*(?::(?:"[^"\n]*|'[^'\n]*|`[^`\n]*|[^\s"'`]*))?$/);
  if (!match) return null;
  // Two units before the `@` hold any character, an astral one included.
  const before = context.state.sliceDoc(Math.max(0, match.from - 2), match.from);
  if (!canStartReference(before, before.length)) return null;
  const colon = match.text.indexOf(':');
  if (colon < 0) return { type: 'word', from: match.from, word: match.text.slice(1) };
  const kind = match.text.slice(1, colon) as ReferenceKind;
  if (!REFERENCE_KINDS.includes(kind)) return null;
  return { type: 'value', from: match.from, kind, value: match.text.slice(colon + 1).replace(/^["'`]/, '') };
}
