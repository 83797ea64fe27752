import { autocompletion } from '@codemirror/autocomplete';
import type { Extension } from '@codemirror/state';
import { referenceCompletionConfig, type ReferenceCompletionConfig } from './config';
import { gitMarks } from './git-marks';
import { rowClass } from './ranking';
import { referenceSource } from './source';

export { referenceCompletionConfig, REFERENCE_COMPLETION_DEFAULTS, type ReferenceCompletionConfig, type ReferenceCompletionSettings } from './config';
export { referenceSource } from './source';
export { pickAsShown } from './ask';
export type { RowCompletion } from './ranking';

/**
 * Completion of @-references as one extension: its configuration in {@link referenceCompletionConfig}
 * and CodeMirror's autocompletion showing {@link referenceSource} with icons, git marks and dimmed
 * disabled rows. The completion keys are not bound here: the composer binds them IME-safe (ime.ts).
 */
export function referenceCompletion(config: ReferenceCompletionConfig): Extension {
  return [
    referenceCompletionConfig.of(config),
    autocompletion({
      override: [referenceSource],
      icons: true,
      addToOptions: [gitMarks],
      optionClass: rowClass,
      activateOnTyping: true,
      defaultKeymap: false,
    }),
  ];
}
