import { describe, expect, it } from 'vitest';
import { cellTargetLabel, columnName, columnNumber, formatBlock, formatSheetName, type CellTarget } from '../cells';
import { translate } from '../i18n/translate';
import { referenceKey } from '../reference';
import { formatCellReference } from './format';
import { parseReferences } from './parse';

/**
 * Sheets and blocks of cells after a workbook path (docs/grammar.md "Cells"): each row is the
 * message, then the one reference found as [raw, path, sheet!block label].
 */
type Found = [raw: string, path: string, target: string];
function found(text: string): Found[] {
  return parseReferences(text).map((r): Found => {
    expect(r.malformed && translate(r.malformed, 'en'), `${r.raw} in ${text}`).toBeUndefined();
    expect(text.slice(r.from, r.to)).toBe(r.raw);
    return [r.raw, r.value, r.cells ? cellTargetLabel(r.cells) : ''];
  });
}

describe('a sheet and block after a workbook path', () => {
  const rows: Array<[string, Found[]]> = [
    ['@file:book.xlsx:Sheet1!A1:F40', [['@file:book.xlsx:Sheet1!A1:F40', 'book.xlsx', 'Sheet1!A1:F40']]],
    ['@file:book.ods:Sheet1!A1:F40', [['@file:book.ods:Sheet1!A1:F40', 'book.ods', 'Sheet1!A1:F40']]],
    ['@file:Book.XLSM:Sheet1!b2', [['@file:Book.XLSM:Sheet1!b2', 'Book.XLSM', 'Sheet1!B2']]],
    ["@file:book.xlsx:'売上 2026'!A1:D20", [["@file:book.xlsx:'売上 2026'!A1:D20", 'book.xlsx', '売上 2026!A1:D20']]],
    ["@file:book.xlsx:'Ann''s list'!A1:B2", [["@file:book.xlsx:'Ann''s list'!A1:B2", 'book.xlsx', "Ann's list!A1:B2"]]],
    ["@file:book.xlsx:'売上 2026'", [["@file:book.xlsx:'売上 2026'", 'book.xlsx', '売上 2026']]],
    ['@file:book.xlsx:Sheet1', [['@file:book.xlsx:Sheet1', 'book.xlsx', 'Sheet1']]],
    ['@file:book.xlsx:Sheet1!A:C', [['@file:book.xlsx:Sheet1!A:C', 'book.xlsx', 'Sheet1!A:C']]],
    ['@file:book.xlsx:Sheet1!3:10', [['@file:book.xlsx:Sheet1!3:10', 'book.xlsx', 'Sheet1!3:10']]],
    ['@file:book.xlsx:Sheet1!$A$1:$C$3', [['@file:book.xlsx:Sheet1!$A$1:$C$3', 'book.xlsx', 'Sheet1!A1:C3']]],
    ['@file:book.xlsx:Sheet1!F40:A1', [['@file:book.xlsx:Sheet1!F40:A1', 'book.xlsx', 'Sheet1!A1:F40']]],
    ['@file:book.xlsx:売上!A1:D20', [['@file:book.xlsx:売上!A1:D20', 'book.xlsx', '売上!A1:D20']]],
    ['@file:docs/売上.xlsx:Sheet1!A1:B2', [['@file:docs/売上.xlsx:Sheet1!A1:B2', 'docs/売上.xlsx', 'Sheet1!A1:B2']]],
    ['@file:"my book.xlsx":\'売上 2026\'!A1:D20', [['@file:"my book.xlsx":\'売上 2026\'!A1:D20', 'my book.xlsx', '売上 2026!A1:D20']]],
    ['@file:"my book.xlsx":Sheet1!A1', [['@file:"my book.xlsx":Sheet1!A1', 'my book.xlsx', 'Sheet1!A1']]],
  ];
  it.each(rows)('%j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('inside Japanese and Korean sentences', () => {
  const rows: Array<[string, Found[]]> = [
    ["これは@file:book.xlsx:'売上 2026'!A1:C3を見てください", [["@file:book.xlsx:'売上 2026'!A1:C3", 'book.xlsx', '売上 2026!A1:C3']]],
    ["@file:book.xlsx:'売上 2026'!A1:C3を集計して", [["@file:book.xlsx:'売上 2026'!A1:C3", 'book.xlsx', '売上 2026!A1:C3']]],
    ['@file:book.xlsx:Sheet1!A1:F40を', [['@file:book.xlsx:Sheet1!A1:F40', 'book.xlsx', 'Sheet1!A1:F40']]],
    ['@file:book.xlsx:Sheet1!A1:F40の合計', [['@file:book.xlsx:Sheet1!A1:F40', 'book.xlsx', 'Sheet1!A1:F40']]],
    ['@file:book.xlsx:売上!A1:D20を見て', [['@file:book.xlsx:売上!A1:D20', 'book.xlsx', '売上!A1:D20']]],
    ['@file:book.xlsx:Sheet1!A:Cは', [['@file:book.xlsx:Sheet1!A:C', 'book.xlsx', 'Sheet1!A:C']]],
    ['@file:book.xlsx:Sheet1!3:10。', [['@file:book.xlsx:Sheet1!3:10', 'book.xlsx', 'Sheet1!3:10']]],
    ["「@file:book.xlsx:'売上 2026'」を参照", [["@file:book.xlsx:'売上 2026'", 'book.xlsx', '売上 2026']]],
    ["@file:book.xlsx:'매출 2026'!A1:D20을 요약해 주세요", [["@file:book.xlsx:'매출 2026'!A1:D20", 'book.xlsx', '매출 2026!A1:D20']]],
    ["@file:book.xlsx:'매출 2026'!A1:D20를 봐", [["@file:book.xlsx:'매출 2026'!A1:D20", 'book.xlsx', '매출 2026!A1:D20']]],
    ['@file:book.xlsx:Sheet1!B2에서', [['@file:book.xlsx:Sheet1!B2', 'book.xlsx', 'Sheet1!B2']]],
    ["@file:book.xlsx:'매출'을 봐", [["@file:book.xlsx:'매출'", 'book.xlsx', '매출']]],
    ['@file:book.xlsx:Sheet1を', [['@file:book.xlsx:Sheet1', 'book.xlsx', 'Sheet1']]],
    ['（@file:book.xlsx:Sheet1!A1:B2）', [['@file:book.xlsx:Sheet1!A1:B2', 'book.xlsx', 'Sheet1!A1:B2']]],
    ['@file:a.xlsx:S!A1と@file:b.xlsx:T!B2を比較', [['@file:a.xlsx:S!A1', 'a.xlsx', 'S!A1'], ['@file:b.xlsx:T!B2', 'b.xlsx', 'T!B2']]],
    // Typed by an IME: `！`, `：` and full-width block letters read as their ASCII.
    ['＠file：book.xlsx：Sheet1！Ａ１：Ｆ４０を', [['＠file：book.xlsx：Sheet1！Ａ１：Ｆ４０', 'book.xlsx', 'Sheet1!A1:F40']]],
  ];
  it.each(rows)('%j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('what stays as before', () => {
  it('a sheet number range is still a range, with no cells', () => {
    const [ref] = parseReferences('@file:book.xlsx:2-3を');
    expect(ref).toMatchObject({ value: 'book.xlsx', lineStart: 2, lineEnd: 3 });
    expect(ref?.cells).toBeUndefined();
  });
  it('other files keep a colon in their value', () => {
    expect(parseReferences('@file:a.ts:x')[0]).toMatchObject({ value: 'a.ts:x' });
    expect(parseReferences('@file:data.csv:1-200')[0]).toMatchObject({ value: 'data.csv', lineStart: 1, lineEnd: 200 });
    expect(parseReferences('@file:book.xlsx')[0]?.cells).toBeUndefined();
  });
  it('punctuation right after the colon names no sheet', () => {
    expect(parseReferences('@file:book.xlsx:。')[0]).toMatchObject({ value: 'book.xlsx:' });
    expect(parseReferences('@file:book.xlsx:。')[0]?.cells).toBeUndefined();
  });
  it('a path that is no workbook stays whole (`.xlsx` must end the path)', () => {
    expect(parseReferences('@file:book.xlsx.bak:Sheet1!A1')[0]).toMatchObject({ value: 'book.xlsx.bak:Sheet1!A1' });
  });
});

describe('hostile and mistaken suffixes', () => {
  const rows: Array<[string, string, RegExp]> = [
    ["@file:book.xlsx:'売上 2026!A1:D20 を", "@file:book.xlsx:'売上", /quote ' is not closed/],
    ['@file:book.xlsx:Sheet1!A1:F40x', '@file:book.xlsx:Sheet1!A1:F40x', /not a sheet and block/],
    ['@file:book.xlsx:Sheet1!A1:3', '@file:book.xlsx:Sheet1!A1:3', /not a sheet and block/],
    ['@file:book.xlsx:Sheet1!A', '@file:book.xlsx:Sheet1!A', /not a sheet and block/],
    ['@file:book.xlsx:Sheet1!', '@file:book.xlsx:Sheet1!', /not a sheet and block/],
    ['@file:book.xlsx:Sheet1!XFE1', '@file:book.xlsx:Sheet1!XFE1', /not a sheet and block/],
    ['@file:book.xlsx:Sheet1!A0', '@file:book.xlsx:Sheet1!A0', /not a sheet and block/],
    ['@file:book.xlsx:Sheet1!A1048577', '@file:book.xlsx:Sheet1!A1048577', /not a sheet and block/],
    ['@file:book.xlsx:Sheet1:A1', '@file:book.xlsx:Sheet1:A1', /not a sheet and block/],
    ["@file:book.xlsx:''!A1", "@file:book.xlsx:''!A1", /not a sheet and block/],
    ['@file:book.xlsx:!A1', '@file:book.xlsx:!A1', /not a sheet and block/],
  ];
  it.each(rows)('%j is malformed, and says how to write it', (text, raw, why) => {
    const [ref] = parseReferences(text);
    expect(ref?.raw).toBe(raw);
    expect(ref?.malformed && translate(ref.malformed, 'en')).toMatch(why);
    for (const language of ['ja', 'ko'] as const) expect(ref?.malformed && translate(ref.malformed, language)).not.toMatch(/[{}]/);
  });
  it('a long line of quotes ends, unclosed, at the line', () => {
    const text = `@file:book.xlsx:'${"''".repeat(50_000)}\n@diff`;
    const refs = parseReferences(text);
    expect(refs.map((r) => r.kind)).toEqual(['file', 'diff']);
    expect(refs[0]?.malformed).toBeDefined();
  });
});

describe('writing sheets and blocks back', () => {
  it.each([
    ['Sheet1', 'Sheet1'],
    ['売上', '売上'],
    ['売上 2026', "'売上 2026'"],
    ["Ann's", "'Ann''s'"],
    ['2026', "'2026'"],
    ['A1', "'A1'"],
    ['R1C1', "'R1C1'"],
  ])('%j is written %j', (name, written) => {
    expect(formatSheetName(name)).toBe(written);
  });
  const targets: CellTarget[] = [
    { sheet: '売上 2026', block: { firstColumn: 1, lastColumn: 4, firstRow: 1, lastRow: 20 } },
    { sheet: "Ann's list" },
    { sheet: '매출', block: { firstColumn: 2, lastColumn: 2, firstRow: 5, lastRow: 5 } },
    { sheet: 'Sheet1', block: { firstColumn: 1, lastColumn: 3 } },
    { sheet: 'Sheet1', block: { firstRow: 3, lastRow: 10 } },
    { sheet: '売上' },
    { sheet: 'データ' },
  ];
  it.each(targets)('%j parses back whole, alone and before a particle', (target) => {
    for (const path of ['book.xlsx', 'my book.ods', '売上.xlsx']) {
      const written = formatCellReference(path, target);
      for (const [before, after] of [['', ''], ['これは', 'を見て'], ['이 ', '를 봐'], ['（', '）。']]) {
        const refs = parseReferences(`${before}${written}${after}`);
        expect(refs, `${before}${written}${after}`).toHaveLength(1);
        expect(refs[0]).toMatchObject({ value: path, cells: target, raw: written });
      }
    }
  });
  it('columns and blocks are named as spreadsheets name them', () => {
    expect([1, 26, 27, 702, 703, 16_384].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA', 'XFD']);
    expect(['A', 'z', 'AA', 'XFD', 'A1'].map(columnNumber)).toEqual([1, 26, 27, 16_384, 0]);
    expect(formatBlock({ firstColumn: 1, lastColumn: 3 })).toBe('A:C');
    expect(formatBlock({ firstRow: 3, lastRow: 10 })).toBe('3:10');
    expect(formatBlock({ firstColumn: 2, lastColumn: 2, firstRow: 2, lastRow: 2 })).toBe('B2');
  });
  it('two spellings of one block are one reference', () => {
    const [a, b] = parseReferences('@file:book.xlsx:Sheet1!A1:F40 @file:book.xlsx:Sheet1!$F$40:$A$1');
    expect(referenceKey(a!)).toBe(referenceKey(b!));
    const [c] = parseReferences('@file:book.xlsx:Sheet1!A1:F41');
    expect(referenceKey(c!)).not.toBe(referenceKey(a!));
  });
});

describe('any text around workbook references', () => {
  it('parses to ordered references whose raw text is what the offsets cut, whatever the pieces', () => {
    const pieces = ['@file:b.xlsx:', '@file:"a b.ods":', "'", "''", '!', '！', ':', '：', 'A1', 'C', '3', '$', ' ', '\n', '売上', '를', 'を', '。', 'Sheet1', '@diff', '-', '2', '"', '.xlsx', '𠮷'];
    let seed = 23;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: 1 + (next() % 12) }, () => pieces[next() % pieces.length]).join('');
      let end = 0;
      for (const ref of parseReferences(text)) {
        expect(ref.from, text).toBeGreaterThanOrEqual(end);
        expect(ref.to, text).toBeGreaterThan(ref.from);
        expect(text.slice(ref.from, ref.to), text).toBe(ref.raw);
        if (ref.cells) expect(ref.cells.sheet.length, text).toBeGreaterThan(0);
        end = ref.to;
      }
    }
  });
});
