import { startCompletion, type Completion } from '@codemirror/autocomplete';
import { translate } from '../../../shared/i18n';
import { KIND_DESCRIPTORS, REFERENCE_KINDS, type ReferenceKind } from '../../../shared/kinds';
import { uiText } from '../../i18n/said';
import type { RowEnv } from './config';
import { previewCard } from './info-card';
import { insertText } from './insert';

/** The kinds a person types: `@image` is written by a paste, with a name no one types. */
const LISTED_KINDS = REFERENCE_KINDS.filter((k) => (KIND_DESCRIPTORS[k] as { listed?: false }).listed !== false);

/**
 * The row of one kind in the `@` list: `@diff` (a bare kind, a whole reference already, inserted
 * with a space) or `@file:` (whose values are offered at once after it is picked), with the kind's
 * line of help from its descriptor.
 */
export function kindRow(kind: ReferenceKind, env: RowEnv): Completion {
  const { bare, catalogue } = KIND_DESCRIPTORS[kind];
  const insert = bare ? `@${kind} ` : `@${kind}:`;
  return {
    label: bare ? `@${kind}` : `@${kind}:`,
    detail: translate(uiText(catalogue.help), env.language),
    type: 'keyword',
    // `@diff` and `@staged` are whole references already: their card says how large the diff is.
    ...(bare ? { info: () => previewCard(env, `@${kind}`, false) } : {}),
    apply: (view, _completion, from, to) => {
      insertText(view, insert, from, to);
      // After `@file:` the list of paths follows at once.
      if (!bare) queueMicrotask(() => startCompletion(view));
    },
  };
}

/** The listed kinds (see `listed`) whose name starts with `word`, in the descriptors' order (all of them for `@`). */
export function kindRows(word: string, env: RowEnv): Completion[] {
  return LISTED_KINDS.filter((k) => k.startsWith(word)).map((k) => kindRow(k, env));
}
