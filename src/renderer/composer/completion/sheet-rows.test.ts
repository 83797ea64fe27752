import { describe, expect, it } from 'vitest';
import { parseReferences } from '../../../shared/grammar';
import { editorHolder } from '../../../../test-support/editor-holder';
import { sheetBeingWritten, sheetRows, SHEET_VALID_FOR } from './sheet-rows';

describe('sheet rows: after a workbook\'s colon, its sheets', () => {
  it('are asked for after `.xlsx:` or `.xlsm：` (full width too), quoted paths included, and not after a `!`', () => {
    expect(sheetBeingWritten('book.xlsx:売')).toEqual({ path: 'book.xlsx', sheet: '売' });
    // The value comes without its opening quote (completionTarget strips it).
    expect(sheetBeingWritten('my book.XLSM"：')).toEqual({ path: 'my book.XLSM', sheet: '' });
    expect(sheetBeingWritten('book.xlsx:Sheet1!A1')).toBeNull();
    expect(sheetBeingWritten('data.csv:3')).toBeNull();
  });

  it('keep the workbook\'s order and insert a name that, with a block after it, parses as that sheet', () => {
    const sheets = ['売上 2026', 'Summary', "Bob's"];
    const rows = sheetRows('book.xlsx', sheets, 'en');
    expect(rows.map((r) => r.boost)).toEqual([-0, -1, -2]);
    expect(rows.map((r) => r.detail)).toEqual(['sheet 1', 'sheet 2', 'sheet 3']);
    for (const [i, row] of rows.entries()) {
      const typed = '@file:book.xlsx:';
      const holder = editorHolder(typed);
      (row.apply as (...a: unknown[]) => void)(holder.view, row, typed.length, typed.length);
      const [ref] = parseReferences(`${holder.state.doc.toString()}!A1:B2`);
      expect(ref?.cells).toMatchObject({ sheet: sheets[i] });
    }
  });

  it('filter locally until a `!` or a space is typed', () => {
    expect(SHEET_VALID_FOR.test('売上')).toBe(true);
    expect(SHEET_VALID_FOR.test('売上!')).toBe(false);
  });
});
