import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractSheets } from './sheets';
import { excelDate, isDateFormat } from './sheet-values';
import type { DocumentJob } from './protocol';

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

function job(bytes: Uint8Array, range: DocumentJob['range'] = null, maxTextBytes = 64 * 1024): DocumentJob {
  return { kind: 'document', bytes, format: 'xlsx', range, maxTextBytes, maxInflatedBytes: 64 * 1024 * 1024 };
}

const text = async (bytes: Uint8Array, range: DocumentJob['range'] = null) => (await extractSheets(job(bytes, range))).parts.map((p) => p.markdown).join('\n\n');

describe('the sheet reader (written by exceljs, read by Atmark)', () => {
  it('shows numbers, dates, times, booleans, cached formula results, rich text and errors as they read', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('売上 2026');
      ws.addRow(['item', 'when', 'amount', 'paid', 'total', 'note']);
      ws.addRow(['disk', new Date(Date.UTC(2026, 3, 1)), 1.25, true, { formula: 'C2*2', result: 2.5 }, { richText: [{ text: '東京 ' }, { text: '서울', font: { bold: true } }] }]);
      ws.addRow(['time', new Date(Date.UTC(2026, 3, 1, 9, 30)), 1e-3, false, { formula: 'C3&"x"', result: 'ax' }, { error: '#DIV/0!' }]);
      ws.getCell('B3').numFmt = 'yyyy-mm-dd hh:mm';
      ws.getCell('A5').value = 'a | pipe & <tag>';
    });
    expect(await text(bytes)).toBe(
      [
        '## Sheet 1: 売上 2026',
        '',
        '| item | when | amount | paid | total | note |',
        '| --- | --- | --- | --- | --- | --- |',
        '| disk | 2026-04-01 | 1.25 | true | 2.5 | 東京 서울 |',
        '| time | 2026-04-01T09:30:00.000Z | 0.001 | false | ax | #DIV/0! |',
        '| a \\| pipe & <tag> |  |  |  |  |  |',
      ].join('\n'),
    );
  });

  it('places cells by their column, whatever is missing between them', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Gaps');
      ws.getCell('A1').value = 'first';
      ws.getCell('D1').value = 'fourth';
      ws.getCell('B2').value = 'second';
    });
    expect(await text(bytes)).toBe('## Sheet 1: Gaps\n\n| first |  |  | fourth |\n| --- | --- | --- | --- |\n|  | second |  |  |');
  });

  it('leaves out the phonetic guide (furigana) of a Japanese name', async () => {
    const bytes = await workbook((wb) => wb.addWorksheet('名簿').addRow(['氏名', '山田太郎']));
    const files = unzipSync(bytes);
    const shared = strFromU8(files['xl/sharedStrings.xml']!).replace('<t>山田太郎</t>', '<r><t>山田太郎</t></r><rPh sb="0" eb="2"><t>ヤマダ</t></rPh><phoneticPr fontId="1"/>');
    files['xl/sharedStrings.xml'] = strToU8(shared);
    expect(await text(zipSync(files))).toContain('| 氏名 | 山田太郎 |');
  });

  it('reads only the sheets of the range, and stops past the byte limit, naming the sheet that passed it', async () => {
    const bytes = await workbook((wb) => {
      for (let s = 1; s <= 3; s++) wb.addWorksheet(`S${s}`).addRow([`sheet ${s}`]);
    });
    expect(await text(bytes, { start: 2, end: 2 })).toBe('## Sheet 2: S2\n\n| sheet 2 |\n| --- |');
    const big = await workbook((wb) => {
      wb.addWorksheet('small').addRow(['ok']);
      const ws = wb.addWorksheet('big');
      for (let r = 0; r < 2000; r++) ws.addRow([`row ${r} with some words in it`]);
    });
    const out = await extractSheets(job(big, null, 4 * 1024));
    expect(out.parts.map((p) => p.title)).toEqual(['small']);
    expect(out.stoppedAt).toBe(2);
  });
});

describe('sheet values', () => {
  it('knows date formats, built in (CJK ones too) and custom, and not numbers or quoted text', () => {
    expect([14, 22, 31, 57].map((id) => isDateFormat(id))).toEqual([true, true, true, true]);
    expect([0, 2, 10, 49].map((id) => isDateFormat(id))).toEqual([false, false, false, false]);
    expect(isDateFormat(164, 'yyyy"年"m"月"d"日"')).toBe(true);
    expect(isDateFormat(165, '[h]:mm')).toBe(true);
    expect(isDateFormat(166, '"days: "0')).toBe(false);
    expect(isDateFormat(167, '[Red]#,##0.00')).toBe(false);
    expect(isDateFormat(168, 'General')).toBe(false);
  });

  it('turns Excel serials into ISO dates in both date systems', () => {
    expect(excelDate(46113)).toBe('2026-04-01');
    expect(excelDate(46113.5)).toBe('2026-04-01T12:00:00.000Z');
    expect(excelDate(44651, true)).toBe('2026-04-01');
  });
});
