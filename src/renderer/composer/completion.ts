import { startCompletion, type Completion, type CompletionContext, type CompletionResult, type CompletionSource } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import type { AtmarkApi, CompletionItem } from '../../shared/api/contract';
import { documentFormatOfName, shortFormatLabel } from '../../shared/documents';
import { canStartReference, formatReference } from '../../shared/grammar';
import { formatBytes, translate, type Language } from '../../shared/i18n';
import { REFERENCE_KINDS, type ReferenceKind } from '../../shared/reference';
import { uiText, type UiKey } from '../i18n/said';
import { isComposing } from './ime';

/**
 * Completion for @-references (docs/contract.md "The app"). `@` offers the kinds, one line each; `@file:` and `@folder:`
 * fuzzy paths from the workspace index, with sizes; a bare `@word` the kinds that start with it and
 * matching files and folders; `@git:` the counts with commit subjects; `@result:` this session's
 * results. Values are inserted with `formatReference`, so they parse back whole.
 */

/** One line per kind, in the order offered. */
export const KIND_DESCRIPTIONS: Readonly<Record<ReferenceKind, UiKey>> = {
  file: 'ui.kindHelp.file',
  folder: 'ui.kindHelp.folder',
  diff: 'ui.kindHelp.diff',
  staged: 'ui.kindHelp.staged',
  git: 'ui.kindHelp.git',
  url: 'ui.kindHelp.url',
  result: 'ui.kindHelp.result',
};

/** What the text before the cursor says is being completed. */
type Target =
  | { type: 'word'; from: number; word: string }
  | { type: 'value'; from: number; kind: ReferenceKind; value: string };

/** Paths asked for per query. */
const PATH_LIMIT = 30;

let requestCounter = 0;

/**
 * Finds the reference being written before the cursor. Only the start condition (the grammar's own
 * {@link canStartReference}, so completion never offers a reference the parser would leave as text)
 * and the kind prefix are checked; values are completed, not parsed. A full-width `＠` typed by an
 * IME is replaced by `@` when an option is picked.
 */
function targetAt(context: CompletionContext): Target | null {
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

/**
 * Builds the completion source, which asks `api` for paths, commits and results; `language` gives
 * the UI language of the moment, for the options' details.
 */
export function referenceCompletion(api: AtmarkApi, language: () => Language = () => 'en'): CompletionSource {
  return async (context) => {
    // Text an IME is still composing is not what the person means yet (see ime.ts).
    if (context.view && isComposing(context.view)) return null;
    const target = targetAt(context);
    if (!target) return null;
    if (target.type === 'word') return wordCompletion(api, context, target, language());
    return valueCompletion(api, context, target, language());
  };
}

async function wordCompletion(api: AtmarkApi, context: CompletionContext, target: Extract<Target, { type: 'word' }>, language: Language): Promise<CompletionResult | null> {
  const kinds = REFERENCE_KINDS.filter((k) => k.startsWith(target.word)).map((k) => kindOption(k, language));
  // `@` alone: only the kinds, filtered locally while the person types a kind name.
  if (target.word === '') {
    // After a full-width `＠` the list's own filter would compare it with `@`: filter here instead.
    const fullWidth = context.state.sliceDoc(target.from, target.from + 1) === '＠';
    return fullWidth ? { from: target.from, options: kinds, filter: false } : { from: target.from, options: kinds, validFor: /^@[a-z]*$/ };
  }
  const items = await ask(api, context, 'path', target.word);
  if (items === null) return null;
  return { from: target.from, options: [...kinds, ...items.map((i) => itemOption(i, null, language))], filter: false };
}

async function valueCompletion(api: AtmarkApi, context: CompletionContext, target: Extract<Target, { type: 'value' }>, language: Language): Promise<CompletionResult | null> {
  const { kind, value, from } = target;
  if (kind === 'file' || kind === 'folder') {
    if (/:\d/.test(value)) return null; // a line range is being written
    const items = await ask(api, context, kind, value);
    return items === null ? null : { from, options: items.map((i) => itemOption(i, kind, language)), filter: false };
  }
  if (kind === 'git' || kind === 'result') {
    const items = await ask(api, context, kind, value);
    return items === null ? null : { from, options: items.map((i) => itemOption(i, kind, language)), validFor: kind === 'git' ? /^@git:\d*$/ : /^@result:\S*$/ };
  }
  return null;
}

/** Asks the main process; null when the request was aborted (the person typed on) or failed. */
async function ask(api: AtmarkApi, context: CompletionContext, source: 'path' | 'file' | 'folder' | 'git' | 'result', query: string): Promise<CompletionItem[] | null> {
  const requestId = `complete-${++requestCounter}`;
  let aborted = false;
  context.addEventListener('abort', () => {
    aborted = true;
    void api.cancel({ requestId });
  }, { onDocChange: true });
  const answer = await api.complete({ requestId, source, query, limit: PATH_LIMIT });
  if (aborted || !answer.ok) return null;
  return answer.value;
}

function kindOption(kind: ReferenceKind, language: Language): Completion {
  const bare = kind === 'diff' || kind === 'staged';
  const insert = bare ? `@${kind} ` : `@${kind}:`;
  return {
    label: bare ? `@${kind}` : `@${kind}:`,
    detail: translate(uiText(KIND_DESCRIPTIONS[kind]), language),
    type: 'keyword',
    apply: (view, _completion, from, to) => {
      insertText(view, insert, from, to);
      // After `@file:` the list of paths follows at once.
      if (!bare) queueMicrotask(() => startCompletion(view));
    },
  };
}

/** Words for a count of slides or sheets; pages are never counted for completion. */
const UNIT_KEYS = { slide: 'ui.completion.slides', sheet: 'ui.completion.sheets' } as const;

/**
 * A file's size; for a document also its format (so documents read as attachable text, not
 * binaries) and, for decks and workbooks, their slide or sheet count.
 */
function fileDetail(item: Extract<CompletionItem, { type: 'path' }>, language: Language): string {
  const format = documentFormatOfName(item.path);
  const size = formatBytes(item.size ?? 0, language);
  if (!format) return size;
  const unitKey = item.units && item.units.unit !== 'page' ? UNIT_KEYS[item.units.unit] : null;
  if (item.units && unitKey) {
    const units = translate(uiText(unitKey, { count: item.units.count }), language);
    return translate(uiText('ui.completion.documentUnits', { size, format: shortFormatLabel(format), units }), language);
  }
  return translate(uiText('ui.completion.document', { size, format: shortFormatLabel(format) }), language);
}

function itemOption(item: CompletionItem, kind: ReferenceKind | null, language: Language): Completion {
  switch (item.type) {
    case 'path': {
      const reference = formatReference(kind ?? item.kind, item.path) ?? `@${item.kind}:${item.path}`;
      return {
        label: item.kind === 'folder' ? `${item.path}/` : item.path,
        detail: item.kind === 'folder' ? translate(uiText('ui.completion.folder'), language) : fileDetail(item, language),
        type: item.kind === 'folder' ? 'namespace' : 'file',
        apply: (view, _c, from, to) => insertText(view, `${reference} `, from, to),
      };
    }
    case 'commit':
      return {
        label: `@git:${item.count}`,
        detail: translate(uiText('ui.completion.commits', { count: item.count, id: item.shortId, subject: item.subject }), language),
        type: 'constant',
        apply: (view, _c, from, to) => insertText(view, `@git:${item.count} `, from, to),
      };
    case 'result':
      return {
        label: `@result:${item.id}`,
        detail: item.summary,
        type: 'variable',
        apply: (view, _c, from, to) => insertText(view, `${formatReference('result', item.id) ?? `@result:${item.id}`} `, from, to),
      };
  }
}

function insertText(view: EditorView, text: string, from: number, to: number): void {
  view.dispatch({ changes: { from, to, insert: text }, selection: { anchor: from + text.length }, userEvent: 'input.complete', scrollIntoView: true });
}
