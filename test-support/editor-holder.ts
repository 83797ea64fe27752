import { EditorSelection, EditorState, type Extension, type TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

/**
 * What a completion's `apply` needs of a view, without a DOM: a real EditorState that each
 * dispatched transaction updates. Unit tests in Node pick a row with it and read the document
 * (a browser drives the real view in e2e/).
 */
export interface EditorHolder {
  state: EditorState;
  dispatch(spec: TransactionSpec): void;
}

/** A holder of `doc` with the cursor at `cursor` (default: the end), the view `apply` is given. */
export function editorHolder(doc: string, cursor = doc.length, extensions: Extension = []): EditorHolder & { view: EditorView } {
  const holder: EditorHolder & { view: EditorView } = {
    state: EditorState.create({ doc, selection: EditorSelection.cursor(cursor), extensions }),
    dispatch(spec) {
      holder.state = holder.state.update(spec).state;
    },
    get view() {
      return holder as unknown as EditorView;
    },
  };
  return holder;
}
