import type { Completion } from '@codemirror/autocomplete';
import type { GitMark } from '../../../shared/api/contract';
import { translate } from '../../../shared/i18n';
import { uiText } from '../../i18n/said';
import type { RowEnv } from './config';

/** A row with what the main process said of its path besides the detail text. */
export interface RowCompletion extends Completion {
  /** The path's git status marks. */
  git?: readonly GitMark[];
  /** True for a row that would fail if picked: drawn dimmed, marked aria-disabled, inserts nothing. */
  disabled?: boolean;
}

/** The boost of a disabled row (a binary file): below every row that can be picked. */
export const DISABLED_BOOST = -50;

/** The boost of the "more" row: last of all. */
export const MORE_BOOST = -99;

/** Rows that would fail go after the rest, in their order, so Enter on the first row never picks one. */
export function enabledFirst(options: readonly Completion[]): Completion[] {
  const disabled = (o: Completion) => (o as RowCompletion).disabled === true;
  return [...options.filter((o) => !disabled(o)), ...options.filter(disabled)];
}

/** A last row when the list was cut off at the path limit: it says there are more and inserts nothing. */
export function moreRow(count: number, env: RowEnv): Completion[] {
  if (count < env.pathLimit) return [];
  return [{ label: '…', detail: translate(uiText('ui.completion.more', { count: env.pathLimit }), env.language), type: 'more', boost: MORE_BOOST, apply: () => undefined }];
}

/** The class CodeMirror gives a row's element (autocompletion's `optionClass`): disabled rows are drawn dimmed. */
export function rowClass(completion: Completion): string {
  return (completion as RowCompletion).disabled ? 'cm-completion-disabled' : '';
}
