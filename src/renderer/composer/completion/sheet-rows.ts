import type { Completion } from '@codemirror/autocomplete';
import { formatSheetName } from '../../../shared/cells';
import { formatCellReference } from '../../../shared/grammar';
import { translate, type Language } from '../../../shared/i18n';
import { KIND_DESCRIPTORS } from '../../../shared/kinds';
import { uiText } from '../../i18n/said';
import { insertText } from './insert';
import { formatValueOrRaw } from './path-rows';
import { MORE_BOOST } from './ranking';

/** A workbook's path, the colon after it, and the sheet being written (no `!` yet): `book.xlsx:売`. */
const SHEET_AFTER_WORKBOOK = /^(.*\.xlsx|.*\.xlsm)["'`]?[:：]([^!！\s]*)$/i;

/** Which workbook a `@file:` value names and the sheet name being written after it; null when it is not one. */
export function sheetBeingWritten(value: string): { path: string; sheet: string } | null {
  const match = SHEET_AFTER_WORKBOOK.exec(value);
  return match ? { path: match[1]!, sheet: match[2]! } : null;
}

/** What stays valid while a sheet name is typed: the list filters locally until a `!` or a space. */
export const SHEET_VALID_FOR = /^[^!！\s]*$/;

/**
 * The rows of a workbook's sheets (read from its workbook part by the main process), each
 * inserted as a spreadsheet writes it (`'売上 2026'`), so the block can be typed after it
 * (`!A1:D20`). They keep the workbook's order, not the alphabet's.
 */
export function sheetRows(path: string, sheets: readonly string[], language: Language): Completion[] {
  const prefix = `@file:${formatValueOrRaw(path)}:`;
  return sheets.map((name, i): Completion => {
    const written = formatCellReference(path, { sheet: name }) ?? `${prefix}${formatSheetName(name)}`;
    const inserted = written.startsWith(prefix) ? written.slice(prefix.length) : formatSheetName(name);
    return {
      label: inserted,
      detail: translate(uiText('ui.chip.sheet', { start: i + 1 }), language),
      type: KIND_DESCRIPTORS.file.chip.icon,
      boost: Math.max(MORE_BOOST, -i),
      apply: (view, _c, start, to) => insertText(view, inserted, start, to),
    };
  });
}
