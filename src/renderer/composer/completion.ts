import { startCompletion, type Completion, type CompletionContext, type CompletionResult, type CompletionSource } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import type { AtmarkApi, CompletionItem } from '../../shared/api/contract';
import { formatReference } from '../../shared/grammar';
import { REFERENCE_KINDS, type ReferenceKind } from '../../shared/reference';
import { formatSize } from '../panels/format';

/**
 * Completion for @-references (docs/contract.md "The app"). `@` offers the kinds, one line each; `@file:` and `@folder:`
 * fuzzy paths from the workspace index, with sizes; a bare `@word` the kinds that start with it and
 * matching files and folders; `@git:` the counts with commit subjects; `@result:` this session's
 * results. Values are inserted with `formatReference`, so they parse back whole.
 */

/** One line per kind, in the order offered. */
export const KIND_DESCRIPTIONS: Record<ReferenceKind, string> = {
  file: 'a text file, or some of its lines',
  folder: 'a listing of a folder',
  diff: 'unstaged changes (git diff)',
  staged: 'staged changes (git diff --staged)',
  git: 'the last N commits with their patches',
  url: 'the readable text of a web page',
  result: 'an earlier result of this session',
};

/** What the text before the cursor says is being completed. */
type Target =
  | { type: 'word'; from: number; word: string }
  | { type: 'value'; from: number; kind: ReferenceKind; value: string };

/** Paths asked for per query. */
const PATH_LIMIT = 30;

let requestCounter = 0;

/**
 * Finds the reference being written before the cursor. Only the start condition (an `@` not after
 * a word character or `/`) and the kind prefix are checked; values are completed, not parsed.
 */
function targetAt(context: CompletionContext): Target | null {
  const match = context.matchBefore(/@[a-z]*(?::(?:"[^"\n]*|'[^'\n]*|`[^`\n]*|[^\s"'`]*))?$/);
  if (!match) return null;
  const before = match.from > 0 ? context.state.sliceDoc(match.from - 1, match.from) : '';
  if (/[\w/]/.test(before)) return null;
  const colon = match.text.indexOf(':');
  if (colon < 0) return { type: 'word', from: match.from, word: match.text.slice(1) };
  const kind = match.text.slice(1, colon) as ReferenceKind;
  if (!REFERENCE_KINDS.includes(kind)) return null;
  return { type: 'value', from: match.from, kind, value: match.text.slice(colon + 1).replace(/^["'`]/, '') };
}

/** Builds the completion source, which asks `api` for paths, commits and results. */
export function referenceCompletion(api: AtmarkApi): CompletionSource {
  return async (context) => {
    const target = targetAt(context);
    if (!target) return null;
    if (target.type === 'word') return wordCompletion(api, context, target);
    return valueCompletion(api, context, target);
  };
}

async function wordCompletion(api: AtmarkApi, context: CompletionContext, target: Extract<Target, { type: 'word' }>): Promise<CompletionResult | null> {
  const kinds = REFERENCE_KINDS.filter((k) => k.startsWith(target.word)).map(kindOption);
  // `@` alone: only the kinds, filtered locally while the person types a kind name.
  if (target.word === '') return { from: target.from, options: kinds, validFor: /^@[a-z]*$/ };
  const items = await ask(api, context, 'path', target.word);
  if (items === null) return null;
  return { from: target.from, options: [...kinds, ...items.map((i) => itemOption(i, null))], filter: false };
}

async function valueCompletion(api: AtmarkApi, context: CompletionContext, target: Extract<Target, { type: 'value' }>): Promise<CompletionResult | null> {
  const { kind, value, from } = target;
  if (kind === 'file' || kind === 'folder') {
    if (/:\d/.test(value)) return null; // a line range is being written
    const items = await ask(api, context, kind, value);
    return items === null ? null : { from, options: items.map((i) => itemOption(i, kind)), filter: false };
  }
  if (kind === 'git' || kind === 'result') {
    const items = await ask(api, context, kind, value);
    return items === null ? null : { from, options: items.map((i) => itemOption(i, kind)), validFor: kind === 'git' ? /^@git:\d*$/ : /^@result:\S*$/ };
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

function kindOption(kind: ReferenceKind): Completion {
  const bare = kind === 'diff' || kind === 'staged';
  const insert = bare ? `@${kind} ` : `@${kind}:`;
  return {
    label: bare ? `@${kind}` : `@${kind}:`,
    detail: KIND_DESCRIPTIONS[kind],
    type: 'keyword',
    apply: (view, _completion, from, to) => {
      insertText(view, insert, from, to);
      // After `@file:` the list of paths follows at once.
      if (!bare) queueMicrotask(() => startCompletion(view));
    },
  };
}

function itemOption(item: CompletionItem, kind: ReferenceKind | null): Completion {
  switch (item.type) {
    case 'path': {
      const reference = formatReference(kind ?? item.kind, item.path) ?? `@${item.kind}:${item.path}`;
      return {
        label: item.kind === 'folder' ? `${item.path}/` : item.path,
        detail: item.kind === 'folder' ? 'folder' : formatSize(item.size ?? 0),
        type: item.kind === 'folder' ? 'namespace' : 'file',
        apply: (view, _c, from, to) => insertText(view, `${reference} `, from, to),
      };
    }
    case 'commit':
      return {
        label: `@git:${item.count}`,
        detail: `${item.count === 1 ? 'last commit' : `last ${item.count} commits`} · ${item.shortId} ${item.subject}`,
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
