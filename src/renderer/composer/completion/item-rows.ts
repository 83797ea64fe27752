import type { Completion } from '@codemirror/autocomplete';
import type { CompletionItem } from '../../../shared/api/contract';
import { formatReference } from '../../../shared/grammar';
import { translate, type Language } from '../../../shared/i18n';
import { KIND_DESCRIPTORS, type ReferenceKind } from '../../../shared/kinds';
import { uiText } from '../../i18n/said';
import type { RowEnv } from './config';
import { insertText } from './insert';
import { pathRow } from './path-rows';

/** `@git:3 — 3 commits back to a1b2c3d: subject`: the count with the commit it reaches. */
export function commitRow(item: Extract<CompletionItem, { type: 'commit' }>, language: Language): Completion {
  return {
    label: `@git:${item.count}`,
    detail: translate(uiText('ui.completion.commits', { count: item.count, id: item.shortId, subject: item.subject }), language),
    type: KIND_DESCRIPTORS.git.chip.icon,
    apply: (view, _c, from, to) => insertText(view, `@git:${item.count} `, from, to),
  };
}

/** `@result:ID` with the result's summary. */
export function resultRow(item: Extract<CompletionItem, { type: 'result' }>): Completion {
  return {
    label: `@result:${item.id}`,
    detail: item.summary,
    type: KIND_DESCRIPTORS.result.chip.icon,
    apply: (view, _c, from, to) => insertText(view, `${formatReference('result', item.id) ?? `@result:${item.id}`} `, from, to),
  };
}

/** The row of anything the main process offered; `kind` is the kind being written, null for a bare `@word`. */
export function itemRow(item: CompletionItem, kind: ReferenceKind | null, env: RowEnv): Completion {
  switch (item.type) {
    case 'path':
      return pathRow(item, kind, env);
    case 'commit':
      return commitRow(item, env.language);
    case 'result':
      return resultRow(item);
  }
}
