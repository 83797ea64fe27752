import { currentCompletions, type Completion, type CompletionContext, type CompletionResult, type CompletionSource } from '@codemirror/autocomplete';
import type { AtmarkApi, CompletionItem } from '../../../shared/api/contract';
import { KIND_DESCRIPTORS } from '../../../shared/kinds';
import { isComposing } from '../ime';
import { askMain, type Asked } from './ask';
import { keepShownRows } from './final-rows';
import { referenceCompletionConfig, rowEnvOf, type RowEnv } from './config';
import { itemRow } from './item-rows';
import { kindRows } from './kind-rows';
import { enabledFirst, moreRow } from './ranking';
import { sheetBeingWritten, sheetRows, SHEET_VALID_FOR } from './sheet-rows';
import { completionTarget, type CompletionTarget } from './target';

/**
 * The completion source for @-references (docs/contract.md "The app"), configured by
 * {@link referenceCompletionConfig}. `@` offers the kinds, one line each; `@file:` and `@folder:`
 * fuzzy paths from the workspace index, with sizes (after a workbook's colon, its sheets); a bare
 * `@word` the kinds that start with it and matching files and folders; `@git:` the counts with
 * commit subjects; `@result:` this session's results. Values are inserted with `formatReference`,
 * so they parse back whole.
 */
export const referenceSource: CompletionSource = async (context) => {
  // Text an IME is still composing is not what the person means yet (see ime.ts).
  if (context.view && isComposing(context.view)) return null;
  const target = completionTarget(context);
  if (!target) return null;
  const env = rowEnvOf(context.state.facet(referenceCompletionConfig));
  return target.type === 'word' ? wordCompletion(context, target, env) : valueCompletion(context, target, env);
};

async function wordCompletion(context: CompletionContext, target: Extract<CompletionTarget, { type: 'word' }>, env: RowEnv): Promise<CompletionResult | null> {
  const kinds = kindRows(target.word, env);
  // `@` alone: only the kinds, filtered locally while the person types a kind name.
  if (target.word === '') {
    // After a full-width `＠` the list's own filter would compare it with `@`: filter here instead.
    const fullWidth = context.state.sliceDoc(target.from, target.from + 1) === '＠';
    return fullWidth ? { from: target.from, options: kinds, filter: false } : { from: target.from, options: kinds, validFor: /^@[a-z]*$/ };
  }
  const asked = await ask(context, env, 'path', target.word, target.from);
  if (asked === null) return null;
  const { items } = asked;
  return { from: target.from, options: shown(context, asked, [...kinds, ...enabledFirst(items.map((i) => itemRow(i, null, env))), ...moreRow(items.length, env)]), filter: false };
}

async function valueCompletion(context: CompletionContext, target: Extract<CompletionTarget, { type: 'value' }>, env: RowEnv): Promise<CompletionResult | null> {
  const { kind, value, from } = target;
  const source = KIND_DESCRIPTORS[kind].completion;
  if (source === 'file' || source === 'folder') {
    const sheet = kind === 'file' ? sheetBeingWritten(value) : null;
    if (sheet) return sheetCompletion(context, sheet.path, context.pos - sheet.sheet.length, env);
    if (/:\d/.test(value)) return null; // a line range is being written
    const asked = await ask(context, env, source, value, from);
    if (asked === null) return null;
    const { items } = asked;
    return { from, options: shown(context, asked, [...enabledFirst(items.map((i) => itemRow(i, kind, env))), ...moreRow(items.length, env)]), filter: false };
  }
  if (source === 'git' || source === 'result') {
    const items = (await ask(context, env, source, value, from))?.items;
    return !items ? null : { from, options: items.map((i) => itemRow(i, kind, env)), validFor: source === 'git' ? /^@git:\d*$/ : /^@result:\S*$/ };
  }
  return null;
}

/** After `@file:book.xlsx:` the workbook's sheets (services/document-counts.ts reads them), filtered locally while the name is typed. */
async function sheetCompletion(context: CompletionContext, path: string, from: number, env: RowEnv): Promise<CompletionResult | null> {
  const items = (await ask(context, env, 'file', path, from))?.items;
  const book = items?.find((i): i is Extract<CompletionItem, { type: 'path' }> => i.type === 'path' && i.path === path);
  if (!book?.sheets?.length) return null;
  return { from, options: sheetRows(path, book.sheets, env.language), validFor: SHEET_VALID_FOR };
}

/** `options`, reusing the shown rows when they replace the list's first rows (final-rows.ts). */
function shown(context: CompletionContext, asked: Asked, options: Completion[]): Completion[] {
  return asked.replacing ? keepShownRows(currentCompletions(context.state), options) : options;
}

/** Asks the configured API; null with none configured. */
function ask(context: CompletionContext, env: RowEnv, source: Parameters<typeof askMain>[2], query: string, from: number): Promise<Asked | null> {
  const api: AtmarkApi | null = env.api;
  return api ? askMain(api, context, source, query, env.pathLimit, from) : Promise.resolve(null);
}
