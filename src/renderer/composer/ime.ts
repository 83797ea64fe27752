import { closeCompletion, completionStatus, startCompletion } from '@codemirror/autocomplete';
import { StateEffect, type Extension } from '@codemirror/state';
import { EditorView, type Command, type KeyBinding } from '@codemirror/view';

/**
 * Input method (IME) compositions in the composer. Japanese, Chinese and Korean are typed through
 * a composition: the text under the cursor changes with every key until the person commits it
 * (Enter, or picking a candidate). Until then it is not text the person meant: no completion list
 * opens on it, no chip is drawn over it, and Enter and Mod-Enter belong to the IME (they commit
 * the composition; they neither send nor pick a completion).
 *
 * The chips side lives in `chips.ts` (it freezes the references while a composition is active);
 * this file tells it when a composition ended, closes a list that was open when one started, and
 * makes key bindings step aside while one is active.
 */

/** Dispatched once a composition has ended and its last change arrived. */
export const compositionEndedEffect = StateEffect.define<null>();

/** True while an IME composition is active (started, even before its first change). */
export function isComposing(view: EditorView): boolean {
  return view.compositionStarted || view.composing;
}

/** `command`, doing nothing (and leaving the key to the IME) while a composition is active. */
export function unlessComposing(command: Command): Command {
  return (view) => !isComposing(view) && command(view);
}

/** `bindings` with every command wrapped by {@link unlessComposing}. */
export function imeSafeKeys(bindings: readonly KeyBinding[]): KeyBinding[] {
  return bindings.map((binding) => ({
    ...binding,
    ...(binding.run ? { run: unlessComposing(binding.run) } : {}),
    ...(binding.shift ? { shift: unlessComposing(binding.shift) } : {}),
  }));
}

/** Time after `compositionend` by which the editor has read the committed text (it flushes in a microtask). */
const AFTER_COMMIT_MS = 20;

/**
 * The composition extension: closes an open completion list when a composition starts, and after
 * it ends tells the chips (see {@link compositionEndedEffect}) and offers completion again when the
 * committed text continues a reference.
 */
export function imeComposition(): Extension {
  return EditorView.domEventHandlers({
    compositionstart(_event, view) {
      if (completionStatus(view.state) !== null) closeCompletion(view);
      return false;
    },
    compositionend(_event, view) {
      setTimeout(() => {
        if (isComposing(view) || !view.dom.isConnected) return;
        view.dispatch({ effects: compositionEndedEffect.of(null) });
        // The editor does not restart completion after a composition; after `@file:` + a name it should.
        const head = view.state.selection.main.head;
        const line = view.state.doc.lineAt(head);
        if (/[@＠][a-z]*(?::\S*)?$/.test(view.state.sliceDoc(line.from, head))) startCompletion(view);
      }, AFTER_COMMIT_MS);
      return false;
    },
  });
}
