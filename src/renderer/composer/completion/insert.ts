import type { EditorView } from '@codemirror/view';
import { setPendingSpace, wantsTrailingSpace } from '../cjk-space';

/**
 * Inserts a picked reference. Its trailing space is left out before a space or CJK text, and marked
 * so that it can be taken back if CJK text is typed next (cjk-space.ts).
 */
export function insertText(view: EditorView, text: string, from: number, to: number): void {
  const spaced = text.endsWith(' ') && wantsTrailingSpace(view.state.sliceDoc(to, to + 1));
  const insert = text.endsWith(' ') && !spaced ? text.slice(0, -1) : text;
  const effects = spaced ? setPendingSpace.of(from + insert.length - 1) : [];
  view.dispatch({ changes: { from, to, insert }, selection: { anchor: from + insert.length }, effects, userEvent: 'input.complete', scrollIntoView: true });
}
