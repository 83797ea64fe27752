import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { compositionEndedEffect, isComposing } from './ime';

/**
 * No space between a reference and the Japanese or Korean text after it. Completion ends a
 * reference with a space so the next word is apart from it; but Japanese puts no space between
 * words, and a Korean particle attaches to its word (`요약.md를`). So completion leaves the space out
 * when CJK text already follows, and a space it added is taken back when the person then types
 * Japanese or Chinese, or a Korean particle (a Korean word of its own keeps its space). A space the
 * person typed is theirs and stays.
 */

/** Japanese, Chinese and Korean characters, and full-width punctuation. */
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const HANGUL = /^\p{Script=Hangul}/u;

/** Korean particles that follow a noun directly; a word starting otherwise keeps its space. */
const PARTICLES = ['을', '를', '이', '가', '은', '는', '와', '과', '의', '에', '에서', '에게', '도', '로', '으로', '만', '랑', '이랑', '께', '한테', '부터', '까지', '보다', '처럼', '하고', '나', '이나'];

/** True when `text`, typed right after a reference, should touch it: CJK text, or a Korean particle. */
export function attachesToReference(text: string): boolean {
  if (!CJK.test(text)) return false;
  if (!HANGUL.test(text)) return true;
  return PARTICLES.some((p) => text.startsWith(p));
}

/** True when completion should end its insertion with a space, given the character after it. */
export function wantsTrailingSpace(next: string): boolean {
  return next === '' || !(/^\s/.test(next) || CJK.test(next));
}

/** Where completion's trailing space is (its offset), while it may still be taken back. */
const pendingSpace = StateField.define<number | null>({
  create: () => null,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setPendingSpace)) return e.value;
    return value === null || !tr.docChanged ? value : tr.changes.mapPos(value, 1);
  },
});

/** Marks (or clears, with null) completion's trailing space at an offset. */
export const setPendingSpace = StateEffect.define<number | null>();

/**
 * The extension: once the person typed after completion's space (a composition counts when it
 * ends), the space goes if what they typed attaches to the reference; either way it is then theirs.
 */
export function cjkSpace(): Extension {
  return [
    pendingSpace,
    EditorView.updateListener.of((update) => {
      const at = update.state.field(pendingSpace);
      if (at === null || isComposing(update.view)) return;
      const ended = update.transactions.some((tr) => tr.effects.some((e) => e.is(compositionEndedEffect)));
      if (!update.docChanged && !update.selectionSet && !ended) return;
      const head = update.state.selection.main.head;
      const view = update.view;
      const typedNow = update.docChanged || ended;
      // Nothing typed after the space yet: keep waiting.
      if (head === at + 1 && update.state.sliceDoc(at, at + 1) === ' ') return;
      const typed = head > at + 1 ? update.state.sliceDoc(at + 1, head) : '';
      // Only text just typed decides; a click elsewhere makes the space the person's.
      const takeBack = typedNow && update.state.sliceDoc(at, at + 1) === ' ' && typed !== '' && attachesToReference(typed);
      // A view cannot be updated from inside its update: the change follows at once, in its own transaction.
      queueMicrotask(() => {
        if (view.state.field(pendingSpace) !== at) return;
        if (takeBack && view.state.sliceDoc(at, at + 1) === ' ') {
          view.dispatch({ changes: { from: at, to: at + 1 }, effects: setPendingSpace.of(null), userEvent: 'delete.cjk-space' });
        } else view.dispatch({ effects: setPendingSpace.of(null) });
      });
    }),
  ];
}
