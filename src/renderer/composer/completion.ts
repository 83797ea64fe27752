import { startCompletion, type Completion, type CompletionContext, type CompletionResult, type CompletionSource } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import type { AtmarkApi, CompletionItem, GitMark } from '../../shared/api/contract';
import { documentFormatOfName, formatIcon, isTableFile, shortFormatLabel } from '../../shared/documents';
import { FORMAT_DESCRIPTORS, unitRangeText } from '../../shared/formats';
import { formatSheetName } from '../../shared/cells';
import { canStartReference, formatCellReference, formatReference } from '../../shared/grammar';
import { formatBytes, translate, type Language } from '../../shared/i18n';
import { KIND_DESCRIPTORS, REFERENCE_KINDS, type ReferenceKind } from '../../shared/kinds';
import { say, uiText, type UiKey } from '../i18n/said';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { setPendingSpace, wantsTrailingSpace } from './cjk-space';
import { isComposing } from './ime';

/**
 * Completion for @-references (docs/contract.md "The app"). `@` offers the kinds, one line each; `@file:` and `@folder:`
 * fuzzy paths from the workspace index, with sizes; a bare `@word` the kinds that start with it and
 * matching files and folders; `@git:` the counts with commit subjects; `@result:` this session's
 * results. Values are inserted with `formatReference`, so they parse back whole.
 */

/** One line per kind, in the order offered: the descriptor's help key. */
export const KIND_DESCRIPTIONS: Readonly<Record<ReferenceKind, UiKey>> = Object.fromEntries(
  REFERENCE_KINDS.map((kind) => [kind, KIND_DESCRIPTORS[kind].catalogue.help]),
) as Record<ReferenceKind, UiKey>;

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
export function referenceCompletion(api: AtmarkApi, language: () => Language = () => 'en', maxReferenceBytes: () => number = () => DEFAULT_LIMITS.maxReferenceBytes): CompletionSource {
  return async (context) => {
    // Text an IME is still composing is not what the person means yet (see ime.ts).
    if (context.view && isComposing(context.view)) return null;
    const target = targetAt(context);
    if (!target) return null;
    const env: OptionEnv = { api, language: language(), maxBytes: maxReferenceBytes() };
    const result = target.type === 'word' ? await wordCompletion(api, context, target, env) : await valueCompletion(api, context, target, env);
    return result;
  };
}

/** What options are built with: the API (for preview cards), the UI language, the per-reference limit. */
interface OptionEnv {
  api: AtmarkApi;
  language: Language;
  maxBytes: number;
}

async function wordCompletion(api: AtmarkApi, context: CompletionContext, target: Extract<Target, { type: 'word' }>, env: OptionEnv): Promise<CompletionResult | null> {
  const kinds = REFERENCE_KINDS.filter((k) => k.startsWith(target.word)).map((k) => kindOption(k, env));
  // `@` alone: only the kinds, filtered locally while the person types a kind name.
  if (target.word === '') {
    // After a full-width `＠` the list's own filter would compare it with `@`: filter here instead.
    const fullWidth = context.state.sliceDoc(target.from, target.from + 1) === '＠';
    return fullWidth ? { from: target.from, options: kinds, filter: false } : { from: target.from, options: kinds, validFor: /^@[a-z]*$/ };
  }
  const items = await ask(api, context, 'path', target.word);
  if (items === null) return null;
  return { from: target.from, options: [...kinds, ...enabledFirst(items.map((i) => itemOption(i, null, env))), ...moreRow(items, env)], filter: false };
}

async function valueCompletion(api: AtmarkApi, context: CompletionContext, target: Extract<Target, { type: 'value' }>, env: OptionEnv): Promise<CompletionResult | null> {
  const { kind, value, from } = target;
  const source = KIND_DESCRIPTORS[kind].completion;
  if (source === 'file' || source === 'folder') {
    const sheet = kind === 'file' ? SHEET_AFTER_WORKBOOK.exec(value) : null;
    if (sheet) return sheetCompletion(api, context, sheet[1]!, context.pos - sheet[2]!.length, env);
    if (/:\d/.test(value)) return null; // a line range is being written
    const items = await ask(api, context, source, value);
    return items === null ? null : { from, options: [...enabledFirst(items.map((i) => itemOption(i, kind, env))), ...moreRow(items, env)], filter: false };
  }
  if (source === 'git' || source === 'result') {
    const items = await ask(api, context, source, value);
    return items === null ? null : { from, options: items.map((i) => itemOption(i, kind, env)), validFor: source === 'git' ? /^@git:\d*$/ : /^@result:\S*$/ };
  }
  return null;
}

/** A workbook's path (Excel's extensions: main reads its sheet names), the colon after it, and the sheet being written (no `!` yet): `book.xlsx:売`. */
const SHEET_AFTER_WORKBOOK = new RegExp(`^(.*\\.(?:${FORMAT_DESCRIPTORS.xlsx.extensions.join('|')}))["'\`]?[:：]([^!！\\s]*)$`, 'i');

/**
 * After `@file:book.xlsx:` the workbook's sheets, read from its workbook part by the main process
 * (services/document-counts.ts), each inserted as a spreadsheet writes it (`'売上 2026'`), so the
 * block can be typed after it (`!A1:D20`). Filtered locally while the name is typed.
 */
async function sheetCompletion(api: AtmarkApi, context: CompletionContext, path: string, from: number, env: OptionEnv): Promise<CompletionResult | null> {
  const items = await ask(api, context, 'file', path);
  const book = items?.find((i): i is Extract<CompletionItem, { type: 'path' }> => i.type === 'path' && i.path === path);
  if (!book?.sheets?.length) return null;
  const prefix = `@file:${formatValueOrRaw(path)}:`;
  const options = book.sheets.map((name, i): Completion => {
    const written = formatCellReference(path, { sheet: name }) ?? `${prefix}${formatSheetName(name)}`;
    const inserted = written.startsWith(prefix) ? written.slice(prefix.length) : formatSheetName(name);
    return {
      label: inserted,
      detail: translate(unitRangeText('sheet', i + 1, i + 1), env.language),
      type: KIND_DESCRIPTORS.file.chip.icon,
      // The workbook's order, not the alphabet's.
      boost: Math.max(-99, -i),
      apply: (view, _c, start, to) => insertText(view, inserted, start, to),
    };
  });
  return { from, options, validFor: /^[^!！\s]*$/ };
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

function kindOption(kind: ReferenceKind, env: OptionEnv): Completion {
  const { language } = env;
  const { bare } = KIND_DESCRIPTORS[kind];
  const insert = bare ? `@${kind} ` : `@${kind}:`;
  return {
    label: bare ? `@${kind}` : `@${kind}:`,
    detail: translate(uiText(KIND_DESCRIPTIONS[kind]), language),
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

/** Words for a count of slides, sheets, sections or rows; pages are never counted for completion. */
const UNIT_KEYS = { slide: 'ui.completion.slides', sheet: 'ui.completion.sheets', section: 'ui.completion.sections', row: 'ui.completion.rows' } as const;

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

/** Lines a file inserted from completion gets when it is too large to attach whole. */
const FIRST_LINES = 200;

function itemOption(item: CompletionItem, kind: ReferenceKind | null, env: OptionEnv): Completion {
  const { language } = env;
  switch (item.type) {
    case 'path': {
      const refKind = kind ?? item.kind;
      const reference = formatReference(refKind, item.path) ?? `@${item.kind}:${item.path}`;
      const isDocument = documentFormatOfName(item.path) !== null;
      const git = item.git ?? [];
      // A binary file would be refused: its row stays in the list, disabled, saying why.
      if (item.binary) {
        return {
          label: item.path,
          detail: translate(uiText('ui.completion.binary', { size: formatBytes(item.size ?? 0, language) }), language),
          type: ['file', iconType(item.path), 'disabled'].join(' '),
          boost: -50,
          disabled: true,
          git,
          apply: () => undefined,
        } as RowCompletion;
      }
      // A text file over the per-reference limit would fail whole: its row says so and inserts a range that fits.
      // A CSV or TSV file is read as rows: too large whole, it gets its first rows, as a text file gets its first lines.
      const format = documentFormatOfName(item.path);
      const tooLarge = item.kind === 'file' && (!isDocument || (format !== null && isTableFile(format))) && (item.size ?? 0) > env.maxBytes;
      const inserted = tooLarge ? `${reference}:1-${FIRST_LINES}` : reference;
      const detail =
        item.kind === 'folder'
          ? translate(uiText('ui.completion.folder'), language)
          : tooLarge
            ? translate(uiText('ui.completion.tooLarge', { size: formatBytes(item.size ?? 0, language), limit: formatBytes(env.maxBytes, language), lines: FIRST_LINES }), language)
            : withTokens(fileDetail(item, language), item, isDocument, language);
      return {
        label: item.kind === 'folder' ? `${item.path}/` : item.path,
        detail,
        type: item.kind === 'folder' ? 'folder' : `file ${iconType(item.path)}${tooLarge ? ' too-large' : ''}`,
        // A file's card reads only its first lines: its size is the row's; a folder's card says how many entries it has.
        info: () => (item.kind === 'folder' ? previewCard(env, `@folder:${formatValueOrRaw(item.path)}`, false) : previewCard(env, `${reference}:1-${PREVIEW_LINES}`, isDocument, false)),
        apply: (view, _c, from, to) => insertText(view, `${inserted} `, from, to),
        git,
      } as RowCompletion;
    }
    case 'commit':
      return {
        label: `@git:${item.count}`,
        detail: translate(uiText('ui.completion.commits', { count: item.count, id: item.shortId, subject: item.subject }), language),
        type: KIND_DESCRIPTORS.git.chip.icon,
        apply: (view, _c, from, to) => insertText(view, `@git:${item.count} `, from, to),
      };
    case 'result':
      return {
        label: `@result:${item.id}`,
        detail: item.summary,
        type: KIND_DESCRIPTORS.result.chip.icon,
        apply: (view, _c, from, to) => insertText(view, `${formatReference('result', item.id) ?? `@result:${item.id}`} `, from, to),
      };
  }
}

/** A file's detail with a token estimate (a quarter of its bytes: the exact count comes with the chip). */
function withTokens(detail: string, item: Extract<CompletionItem, { type: 'path' }>, isDocument: boolean, language: Language): string {
  if (isDocument || item.size === null) return detail;
  return translate(uiText('ui.completion.withTokens', { detail, tokens: Math.max(1, Math.round(item.size / 4)) }), language);
}

/** The icon class of a file (`cm-completionIcon-code`): a document's from its format's descriptor, other files' by extension. */
function iconType(path: string): string {
  const format = documentFormatOfName(path);
  if (format) return formatIcon(format);
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  if (['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'py', 'rb', 'go', 'rs', 'java', 'kt', 'c', 'h', 'cpp', 'cs', 'swift', 'php', 'sh'].includes(ext)) return 'code';
  if (['md', 'txt', 'rst', 'adoc'].includes(ext)) return 'text';
  if (['json', 'yaml', 'yml', 'toml', 'ini', 'xml'].includes(ext)) return 'data';
  if (['svg', 'ico'].includes(ext)) return 'image';
  return 'other';
}

/** A value as it goes after `@folder:` (quoted when it must be). */
function formatValueOrRaw(path: string): string {
  return formatReference('folder', path)?.slice('@folder:'.length) ?? path;
}

/** Lines a preview card shows. */
const PREVIEW_LINES = 8;

/**
 * The card beside the highlighted row: what the reference would attach (its description, size and
 * tokens: a folder's entry count, a diff's files) and its first lines, read through the engine like
 * any reference (so containment, protection and redaction apply to what the card shows too).
 */
async function previewCard(env: OptionEnv, reference: string, isDocument: boolean, summarise = true): Promise<Node> {
  const card = document.createElement('div');
  card.className = 'cm-completion-card';
  const answer = await env.api.expand({ requestId: `card-${++requestCounter}`, text: reference, contextLength: 128_000, fresh: false });
  const ref = answer.ok ? answer.value.references[0] : undefined;
  if (!ref?.block) {
    card.textContent = ref?.warnings[0] ? say(ref.warnings[0], env.language) : translate(uiText('ui.completion.noPreview'), env.language);
    return card;
  }
  const lines = ref.block.split('\n');
  // The block is a header line, an opening fence, the content and a closing fence.
  const content = lines.slice(2, -1).join('\n').replace(/\n?`{3,}\s*$/, '');
  if (summarise) {
    const summary = card.appendChild(document.createElement('p'));
    summary.className = 'cm-completion-card-summary';
    const described = ref.description ?? ref.target;
    summary.textContent = translate(uiText('ui.completion.cardSummary', { what: described, size: formatBytes(ref.bytes, env.language), tokens: ref.tokens }), env.language);
  }
  const pre = document.createElement('pre');
  pre.textContent = content.split('\n').slice(0, isDocument ? PREVIEW_LINES * 2 : PREVIEW_LINES + 2).join('\n');
  card.append(pre);
  return card;
}

/** A last row when the list was cut off: it says there are more and inserts nothing. */
function moreRow(items: readonly CompletionItem[], env: OptionEnv): Completion[] {
  if (items.length < PATH_LIMIT) return [];
  return [{ label: '…', detail: translate(uiText('ui.completion.more', { count: PATH_LIMIT }), env.language), type: 'more', boost: -99, apply: () => undefined }];
}

/** A row with what the main process said of its path besides the detail text. */
export interface RowCompletion extends Completion {
  /** The path's git status marks. */
  git?: readonly GitMark[];
  /** True for a row that would fail if picked: drawn dimmed, marked aria-disabled, inserts nothing. */
  disabled?: boolean;
}

/** Rows that would fail go after the rest, so Enter on the first row never picks one. */
function enabledFirst(options: Completion[]): Completion[] {
  return [...options.filter((o) => !(o as RowCompletion).disabled), ...options.filter((o) => (o as RowCompletion).disabled)];
}

const GIT_MARK_KEYS: Readonly<Record<GitMark, UiKey>> = {
  modified: 'ui.completion.git.modified',
  staged: 'ui.completion.git.staged',
  untracked: 'ui.completion.git.untracked',
};

/**
 * Draws a row's git marks after its label (`addToOptions`), as small words in the UI language, so a
 * screen reader reads them with the row; a disabled row is also marked `aria-disabled`.
 */
export function gitMarksRenderer(language: () => Language): { render: (completion: Completion) => Node | null; position: number } {
  return {
    position: 60,
    render(completion) {
      const row = completion as RowCompletion;
      const span = document.createElement('span');
      span.className = 'cm-completion-marks';
      for (const mark of row.git ?? []) {
        const badge = span.appendChild(document.createElement('span'));
        badge.className = `cm-completion-mark cm-completion-mark-${mark}`;
        badge.textContent = translate(uiText(GIT_MARK_KEYS[mark]), language());
      }
      // The row's element exists once this node is placed in it, right after this call.
      if (row.disabled) queueMicrotask(() => span.parentElement?.setAttribute('aria-disabled', 'true'));
      return span;
    },
  };
}

/**
 * Inserts a picked reference. Its trailing space is left out before a space or CJK text, and marked
 * so that it can be taken back if CJK text is typed next (cjk-space.ts).
 */
function insertText(view: EditorView, text: string, from: number, to: number): void {
  const spaced = text.endsWith(' ') && wantsTrailingSpace(view.state.sliceDoc(to, to + 1));
  const insert = text.endsWith(' ') && !spaced ? text.slice(0, -1) : text;
  const effects = spaced ? setPendingSpace.of(from + insert.length - 1) : [];
  view.dispatch({ changes: { from, to, insert }, selection: { anchor: from + insert.length }, effects, userEvent: 'input.complete', scrollIntoView: true });
}
