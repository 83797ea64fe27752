import type { Completion } from '@codemirror/autocomplete';
import type { EditorState } from '@codemirror/state';
import type { GitMark } from '../../../shared/api/contract';
import { translate } from '../../../shared/i18n';
import { uiText, type UiKey } from '../../i18n/said';
import { referenceCompletionConfig } from './config';
import type { RowCompletion } from './ranking';

const GIT_MARK_KEYS: Readonly<Record<GitMark, UiKey>> = {
  modified: 'ui.completion.git.modified',
  staged: 'ui.completion.git.staged',
  untracked: 'ui.completion.git.untracked',
};

/**
 * Draws a row's git marks after its label (autocompletion's `addToOptions`), as small words in the
 * configured UI language, so a screen reader reads them with the row; a disabled row is also
 * marked `aria-disabled`.
 */
export const gitMarks: { render: (completion: Completion, state: EditorState) => Node | null; position: number } = {
  position: 60,
  render(completion, state) {
    const row = completion as RowCompletion;
    const language = state.facet(referenceCompletionConfig).language();
    const span = document.createElement('span');
    span.className = 'cm-completion-marks';
    for (const mark of row.git ?? []) {
      const badge = span.appendChild(document.createElement('span'));
      badge.className = `cm-completion-mark cm-completion-mark-${mark}`;
      badge.textContent = translate(uiText(GIT_MARK_KEYS[mark]), language);
    }
    // The row's element exists once this node is placed in it, right after this call.
    if (row.disabled) queueMicrotask(() => span.parentElement?.setAttribute('aria-disabled', 'true'));
    return span;
  },
};
