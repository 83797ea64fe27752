import type { CompletionItem } from '../../../shared/api/contract';
import { documentFormatOfName, isTableFile, shortFormatLabel } from '../../../shared/documents';
import { formatReference } from '../../../shared/grammar';
import { formatBytes, translate, type Language } from '../../../shared/i18n';
import type { ReferenceKind } from '../../../shared/kinds';
import { uiText } from '../../i18n/said';
import type { RowEnv } from './config';
import { iconFamily } from './file-icons';
import { PREVIEW_LINES, previewCard } from './info-card';
import { insertText } from './insert';
import { DISABLED_BOOST, type RowCompletion } from './ranking';

/** A path the main process offered: a file or a folder of the workspace. */
export type PathItem = Extract<CompletionItem, { type: 'path' }>;

/** Lines a file inserted from completion gets when it is too large to attach whole. */
export const FIRST_LINES = 200;

/** Words for a count of slides, sheets, sections or rows; pages are never counted for completion. */
const UNIT_KEYS = { slide: 'ui.completion.slides', sheet: 'ui.completion.sheets', section: 'ui.completion.sections', row: 'ui.completion.rows' } as const;

/**
 * A file's size; for a document also its format (so documents read as attachable text, not
 * binaries) and, for decks and workbooks, their slide or sheet count.
 */
export function fileDetail(item: PathItem, language: Language): string {
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

/** A file's detail with a token estimate (a quarter of its bytes: the exact count comes with the chip); documents have none. */
function withTokens(detail: string, item: PathItem, isDocument: boolean, language: Language): string {
  if (isDocument || item.size === null) return detail;
  return translate(uiText('ui.completion.withTokens', { detail, tokens: Math.max(1, Math.round(item.size / 4)) }), language);
}

/** A value as it goes after `@folder:` (quoted when it must be). */
export function formatValueOrRaw(path: string): string {
  return formatReference('folder', path)?.slice('@folder:'.length) ?? path;
}

/**
 * True when a file would fail whole for the per-reference limit: a text file, or a CSV or TSV file
 * (read as rows), larger than `maxBytes`. Its row then inserts its first lines or rows instead.
 */
export function isTooLarge(item: PathItem, maxBytes: number): boolean {
  const format = documentFormatOfName(item.path);
  return item.kind === 'file' && (format === null || isTableFile(format)) && (item.size ?? 0) > maxBytes;
}

/** A binary file's row: it would be refused, so it stays in the list, disabled, saying why. */
function binaryRow(item: PathItem, language: Language): RowCompletion {
  return {
    label: item.path,
    detail: translate(uiText('ui.completion.binary', { size: formatBytes(item.size ?? 0, language) }), language),
    type: ['file', iconFamily(item.path), 'disabled'].join(' '),
    boost: DISABLED_BOOST,
    disabled: true,
    git: item.git ?? [],
    apply: () => undefined,
  };
}

/**
 * The row of a file or folder. `kind` is the kind being written (`@folder:` offers folders as
 * `@folder:`), null for a bare `@word` (each path as its own kind). A file's card reads only its
 * first lines (its size is the row's); a folder's card says how many entries it has.
 */
export function pathRow(item: PathItem, kind: ReferenceKind | null, env: RowEnv): RowCompletion {
  const { language } = env;
  if (item.binary) return binaryRow(item, language);
  const reference = formatReference(kind ?? item.kind, item.path) ?? `@${item.kind}:${item.path}`;
  const isDocument = documentFormatOfName(item.path) !== null;
  const tooLarge = isTooLarge(item, env.maxBytes);
  const inserted = tooLarge ? `${reference}:1-${FIRST_LINES}` : reference;
  const folder = item.kind === 'folder';
  const detail = folder
    ? translate(uiText('ui.completion.folder'), language)
    : tooLarge
      ? translate(uiText('ui.completion.tooLarge', { size: formatBytes(item.size ?? 0, language), limit: formatBytes(env.maxBytes, language), lines: FIRST_LINES }), language)
      : withTokens(fileDetail(item, language), item, isDocument, language);
  return {
    label: folder ? `${item.path}/` : item.path,
    detail,
    type: folder ? 'folder' : `file ${iconFamily(item.path)}${tooLarge ? ' too-large' : ''}`,
    info: () => (folder ? previewCard(env, `@folder:${formatValueOrRaw(item.path)}`, false) : previewCard(env, `${reference}:1-${PREVIEW_LINES}`, isDocument, false)),
    apply: (view, _c, from, to) => insertText(view, `${inserted} `, from, to),
    git: item.git ?? [],
  };
}
