import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReferences } from '../../shared/grammar';
import { translate } from '../../shared/i18n/translate';
import type { Limits } from '../../shared/limits';
import { makeArea, makeCtx, ok, refused, type TempArea } from '../../../test-support/fs';
import { encodeTable, makeCellsOds, makeCellsWorkbook } from '../../../test-support/tables';
import type { Resolution } from '../resolve';
import { documentTooBigMessage } from '../extraction/messages';
import { fileResolver } from './file';

/**
 * Cells and rows (docs/contract.md "Cells and rows"), through the real grammar, the file resolver
 * and the extraction workers: a block of a workbook and rows of a CSV or TSV file as Markdown tables.
 */

let area: TempArea;

/** A sheet whose extent is all of Excel's (a value at XFD1048576) and holds two values. */
async function farWorkbook(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Far');
  ws.getCell('A1').value = 'near';
  ws.getCell('XFD1048576').value = 'far';
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const SALES = ['月,地域,売上,備考', '1月,東京,100,', '2月,大阪,200,"複数行の\n備考"', '3月,東京,300,"a, b ""quoted"""'].join('\r\n') + '\r\n';
const KOREAN = ['지역,금액,메모', '서울,10,첫째', '부산,20,둘째', '대구,30,셋째'].join('\n') + '\n';

beforeAll(async () => {
  area = await makeArea();
  await area.write('book.xlsx', await makeCellsWorkbook());
  await area.write('book.ods', makeCellsOds());
  await area.write('far.xlsx', await farWorkbook());
  await area.write('sales-sjis.csv', encodeTable(SALES, 'shift_jis'));
  await area.write('sales-bom.csv', encodeTable(SALES, 'utf-8', true));
  await area.write('sales-utf16.csv', encodeTable(SALES, 'utf-16le', true));
  await area.write('korean.csv', encodeTable(KOREAN, 'euc-kr'));
  await area.write('plain.tsv', encodeTable('name\tnote\nann\ta, b\nbob\t"x\ty"\n', 'utf-8'));
  await area.write('long.csv', encodeTable(['id,text', ...Array.from({ length: 5_000 }, (_, i) => `${i + 1},row ${i + 1} of the long file`)].join('\n'), 'utf-8'));
}, 60_000);
afterAll(() => area.cleanup());

async function resolve(written: string, limits?: Partial<Limits>): Promise<Resolution> {
  const [ref] = parseReferences(written);
  if (!ref) throw new Error(`no reference in ${written}`);
  return fileResolver.resolve(ref, makeCtx(area.root, limits ? { limits } : {}));
}

/** The refusal, with its sentence in each language. */
function refusedIn(r: Resolution) {
  const t = refused(r).text!;
  return { ...refused(r), en: translate(t, 'en'), ja: translate(t, 'ja'), ko: translate(t, 'ko') };
}

const warningsOf = (r: Resolution) => (r.ok ? (r.warnings ?? []).map((w) => w.message) : []);

describe('a block of a workbook', () => {
  it('attaches the block as a Markdown table under its sheet and block, cited', async () => {
    const r = ok(await resolve("@file:book.xlsx:'売上 2026'!A1:C3"));
    expect(r.text).toBe(['## 売上 2026!A1:C3', '', '| 月 | 地域 | 売上 |', '| --- | --- | --- |', '| 1月 | 東京 | 100 |', '| 2月 | 大阪 | 200 |'].join('\n'));
    expect(r.description).toBe('file book.xlsx, 売上 2026!A1:C3 (Excel workbook)');
    expect(r.source.document).toMatchObject({ format: 'xlsx', extractor: 'atmark-sheets 1', block: '売上 2026!A1:C3', first: 1, last: 1, count: 4 });
    expect(r.source.document!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(warningsOf(r)).toEqual([]);
  });

  it('a block in the middle keeps its first row as the header, pipes escaped', async () => {
    const r = ok(await resolve("@file:book.xlsx:'売上 2026'!B3:D4"));
    expect(r.text).toBe(['## 売上 2026!B3:D4', '', '| 大阪 | 200 |  |', '| --- | --- | --- |', '| 東京 | 300 | a \\| b |'].join('\n'));
  });

  it("a name with a space and an apostrophe, quoted with '' inside", async () => {
    const r = ok(await resolve("@file:book.xlsx:'Ann''s list'!A1:B2"));
    expect(r.text).toBe("## Ann's list!A1:B2\n\n| name | city |\n| --- | --- |\n| Ann | Seoul |");
  });

  it('whole columns, whole rows and a sheet alone are clamped to what the sheet holds', async () => {
    const columns = ok(await resolve("@file:book.xlsx:'売上 2026'!A:B"));
    expect(columns.text.split('\n')[0]).toBe('## 売上 2026!A1:B12');
    expect(columns.text.split('\n')).toHaveLength(2 + 12 + 1);
    expect(warningsOf(columns)).toEqual([]);
    const rows = ok(await resolve("@file:book.xlsx:'売上 2026'!2:3"));
    expect(rows.text).toBe('## 売上 2026!A2:D3\n\n| 1月 | 東京 | 100 |  |\n| --- | --- | --- | --- |\n| 2月 | 大阪 | 200 |  |');
    const sheet = ok(await resolve('@file:book.xlsx:매출를 요약'.replace('를 요약', '')));
    expect(sheet.text).toBe('## 매출!A1:B2\n\n| 지역 | 금액 |\n| --- | --- |\n| 서울 | 10 |');
  });

  it('a block running past the sheet attaches what is there and says so', async () => {
    const r = ok(await resolve("@file:book.xlsx:'売上 2026'!C10:F40"));
    expect(r.text.split('\n')[0]).toBe('## 売上 2026!C10:D12');
    expect(warningsOf(r)).toEqual(['the sheet "売上 2026" holds A1:D12; attached C10:D12 of the C10:F40 asked for.']);
  });

  it('a block outside the sheet names the sheet and its extent', async () => {
    const r = refusedIn(await resolve("@file:book.xlsx:'売上 2026'!A20:B30"));
    expect(r.code).toBe('not_found');
    expect(r.en).toBe('A20:B30 is outside what the sheet "売上 2026" of book.xlsx holds (A1:D12). Write a block within it.');
    expect(r.ja).toContain('A1:D12');
    expect(r.ko).toContain('A1:D12');
  });

  it('a missing sheet names the sheets there, in the person’s language', async () => {
    const r = refusedIn(await resolve('@file:book.xlsx:Sheet9!A1:B2'));
    expect(r.en).toBe(`book.xlsx has no sheet named "Sheet9". Its sheets: "売上 2026", "Ann's list", "매출", "Big". Write one of these names, in single quotes if it has spaces.`);
    expect(r.ja).toContain('「Sheet9」');
    expect(r.ko).toMatch(/"Sheet9"라는 시트가 없습니다/);
  });

  it('a sheet name is found whatever its letter case, as spreadsheets find it', async () => {
    ok(await resolve('@file:book.xlsx:big!A1:B2'));
  });

  it('a block over the cell cap is refused with the rows that fit, written so it parses', async () => {
    const r = refusedIn(await resolve('@file:book.xlsx:Big!A1:F2000'));
    expect(r.code).toBe('too_large');
    const hint = /write (@file:\S+)\.$/.exec(r.en)?.[1];
    expect(hint).toBeDefined();
    const [ref] = parseReferences(hint!);
    expect(ref?.cells).toMatchObject({ sheet: 'Big', block: { firstColumn: 1, lastColumn: 6, firstRow: 1 } });
    // The hint fits: attaching it works.
    ok(await resolve(hint!, { maxReferenceBytes: 64 * 1024 }));
  });

  it('a block over the byte limit is refused the same way', async () => {
    const r = refusedIn(await resolve('@file:book.xlsx:Big!A1:F300', { maxReferenceBytes: 2 * 1024 }));
    const hint = /write (@file:\S+)\.$/.exec(r.en)?.[1];
    expect(hint).toMatch(/^@file:book\.xlsx:Big!A1:F\d+$/);
    expect(ok(await resolve(hint!, { maxReferenceBytes: 2 * 1024 })).text.length).toBeGreaterThan(100);
  });

  it('the rows past the block are never read: a block at the top of a tall sheet is cut from its start', async () => {
    const r = ok(await resolve('@file:book.xlsx:Big!B2:C3'));
    expect(r.text).toBe('## Big!B2:C3\n\n| r2c2 | r2c3 |\n| --- | --- |\n| r3c2 | r3c3 |');
  });

  it("a sheet spanning all of Excel's extent is refused at the cap without building it; a block of it reads", async () => {
    const whole = refusedIn(await resolve('@file:far.xlsx:Far'));
    expect(whole.code).toBe('too_large');
    expect(whole.en).toMatch(/^A1:XFD1048576 of the sheet "Far" is over what one reference attaches \(20,000 cells/);
    expect(ok(await resolve('@file:far.xlsx:Far!A1:B2')).text).toBe('## Far!A1:B2\n\n| near |  |\n| --- | --- |\n|  |  |');
  });

  it('cells named on a file that is no workbook are refused in one sentence', async () => {
    const r = refusedIn(await fileResolver.resolve({ ...parseReferences('@file:book.xlsx:Big!A1')[0]!, value: 'long.csv' }, makeCtx(area.root)));
    expect(r.en).toMatch(/only in a workbook/);
  });
});

describe('a block of an OpenDocument spreadsheet', () => {
  it('repeated cells and a million repeated empty rows are counted, not expanded', async () => {
    const r = ok(await resolve("@file:book.ods:'売上 2026'!A1:C4"));
    expect(r.text).toBe(['## 売上 2026!A1:C4', '', '| 月 | 地域 | 売上 |', '| --- | --- | --- |', '| 1月 | 東京 | 100 |', '| 2月 | 同 | 同 |', '| 3月 |  | 300 |'].join('\n'));
    expect(r.description).toBe('file book.ods, 売上 2026!A1:C4 (OpenDocument spreadsheet)');
  });

  it('the whole sheet, the outside and a missing sheet as for Excel', async () => {
    expect(ok(await resolve("@file:book.ods:'売上 2026'")).text.split('\n')[0]).toBe('## 売上 2026!A1:C4');
    expect(refusedIn(await resolve("@file:book.ods:'売上 2026'!E1:F2")).en).toMatch(/\(A1:C4\)/);
    expect(refusedIn(await resolve('@file:book.ods:Nope')).en).toMatch(/Its sheets: "売上 2026", "Ann's list"/);
    expect(ok(await resolve("@file:book.ods:'Ann''s list'!B2")).text).toBe("## Ann's list!B2\n\n| Seoul |\n| --- |");
  });
});

describe('CSV and TSV files', () => {
  const table = ['| 月 | 地域 | 売上 | 備考 |', '| --- | --- | --- | --- |', '| 1月 | 東京 | 100 |  |', '| 2月 | 大阪 | 200 | 複数行の 備考 |', '| 3月 | 東京 | 300 | a, b "quoted" |'].join('\n');

  it.each([
    ['sales-sjis.csv', 'shift_jis'],
    ['sales-bom.csv', 'utf-8'],
    ['sales-utf16.csv', 'utf-16le'],
  ])('%s (%s) attaches as a table, quoted newlines, commas and quotes kept in their cells', async (name, encoding) => {
    const r = ok(await resolve(`@file:${name}`));
    expect(r.text).toBe(table);
    expect(r.description).toBe(`file ${name}, rows 1–3 of 3 (CSV, ${encoding})`);
    expect(r.source.document).toMatchObject({ format: 'csv', unit: 'row', first: 1, last: 3, count: 3, encoding, extractor: 'atmark-csv 1' });
  });

  it('EUC-KR is told from Shift_JIS', async () => {
    const r = ok(await resolve('@file:korean.csv:2-3를 봐'));
    expect(r.text).toBe('| 지역 | 금액 | 메모 |\n| --- | --- | --- |\n| 부산 | 20 | 둘째 |\n| 대구 | 30 | 셋째 |');
    expect(r.source.document).toMatchObject({ encoding: 'euc-kr', first: 2, last: 3 });
  });

  it('a TSV keeps commas and quoted tabs in their cells', async () => {
    const r = ok(await resolve('@file:plain.tsv'));
    expect(r.text).toBe('| name | note |\n| --- | --- |\n| ann | a, b |\n| bob | x\ty |');
  });

  it('a range counts rows after the header, which is always kept', async () => {
    const r = ok(await resolve('@file:long.csv:100-102'));
    expect(r.text).toBe('| id | text |\n| --- | --- |\n| 100 | row 100 of the long file |\n| 101 | row 101 of the long file |\n| 102 | row 102 of the long file |');
    // Reading stops after the range: the file's row count is not known, and not claimed.
    expect(r.description).toBe('file long.csv, rows 100–102 (CSV, utf-8)');
  });

  it('a range past the end names the row count; one ending past it is clamped', async () => {
    const past = refusedIn(await resolve('@file:long.csv:6000-6010'));
    expect(past.en).toBe('long.csv has 5,000 rows after the header; use a range within 1-5000.');
    const clamped = ok(await resolve('@file:long.csv:4999-5010'));
    expect(clamped.text.split('\n')).toHaveLength(4);
    expect(warningsOf(clamped)).toEqual(['long.csv has 5,000 rows after the header; attached rows 4999–5000 of the rows 4999–5010 asked for.']);
  });

  it('a file over the per-reference limit names the rows that fit', async () => {
    const r = refusedIn(await resolve('@file:long.csv'));
    expect(r.code).toBe('too_large');
    const hint = /write (@file:\S+)\.$/.exec(r.en)?.[1];
    expect(hint).toMatch(/^@file:long\.csv:1-\d+$/);
    const fits = ok(await resolve(hint!));
    expect(fits.text.startsWith('| id | text |')).toBe(true);
  });

  it('a table file over the document cap is told how to split it and attach rows, in every language', () => {
    const message = documentTooBigMessage('huge.csv', 70 * 1024 * 1024, 64 * 1024 * 1024, true);
    expect(translate(message, 'en')).toBe('huge.csv is 70 MiB, over the 64 MiB Atmark reads from a table file. Split it into smaller files (a spreadsheet can save each part as CSV), then attach rows of one with @file:NAME:FIRST-LAST.');
    for (const language of ['ja', 'ko'] as const) expect(translate(message, language)).toMatch(/^huge\.csv[^{}]*64 MiB[^{}]*$/);
  });

  it('the chip words for rows exist in every language', async () => {
    const r = refusedIn(await resolve('@file:long.csv:6000'));
    expect(r.ja).toContain('5,000');
    expect(r.ko).toContain('5,000');
  });
});
