import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { encodeTable } from '../../../test-support/tables';
import { countRows, extractTable } from './csv';
import type { DocumentJob } from './protocol';
import { detectEncoding } from './text-encoding';
import { ZipArchive } from './zip';

function job(text: string | Uint8Array, range: DocumentJob['range'] = null, format: 'csv' | 'tsv' = 'csv', maxTextBytes = 64 * 1024): DocumentJob {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return { kind: 'document', bytes, format, range, maxTextBytes, maxInflatedBytes: 0 };
}

const table = async (text: string | Uint8Array, range: DocumentJob['range'] = null) => (await extractTable(job(text, range))).parts.map((p) => p.markdown).join('');

describe('the encoding of a table file', () => {
  const japanese = '氏名,住所,メモ\n田中太郎,東京都千代田区,ひらがなとカタカナ\n';
  const kanjiOnly = '区分,金額\n東京都,百万円\n大阪府,二百万円\n';
  const korean = '이름,주소,메모\n김철수,서울특별시 중구,한글 메모입니다\n';
  it.each([
    ['Shift_JIS with kana', encodeTable(japanese, 'shift_jis'), 'shift_jis'],
    ['Shift_JIS in kanji alone', encodeTable(kanjiOnly, 'shift_jis'), 'shift_jis'],
    ['EUC-KR', encodeTable(korean, 'euc-kr'), 'euc-kr'],
    ['UTF-8 without a BOM', encodeTable(japanese, 'utf-8'), 'utf-8'],
    ['UTF-8 with a BOM', encodeTable(korean, 'utf-8', true), 'utf-8'],
    ['UTF-16 LE with a BOM', encodeTable(japanese, 'utf-16le', true), 'utf-16le'],
    ['ASCII', encodeTable('a,b\n1,2\n', 'utf-8'), 'utf-8'],
  ] as const)('%s is read as %s', (_name, bytes, encoding) => {
    expect(detectEncoding(bytes).encoding).toBe(encoding);
  });

  it('a UTF-8 file whose sample ends inside a character is still UTF-8', () => {
    const bytes = encodeTable('メモ\n'.repeat(100_000), 'utf-8');
    expect(bytes.length).toBeGreaterThan(256 * 1024);
    expect(detectEncoding(bytes).encoding).toBe('utf-8');
  });
});

describe('rows and fields', () => {
  it('reads quoted delimiters, newlines, doubled quotes, CRLF, blank lines and a missing final newline', async () => {
    const text = 'a,b,c\r\n"x, y","line 1\r\nline 2","say ""hi"""\r\n\r\nplain,with "inner" quote,\r\nlast,row,end';
    expect(await table(text)).toBe('| a | b | c |\n| --- | --- | --- |\n| x, y | line 1 line 2 | say "hi" |\n| plain | with "inner" quote |  |\n| last | row | end |');
    expect(countRows(new TextEncoder().encode(text), 'csv')).toBe(3);
  });

  it('pads short rows to the widest and escapes pipes', async () => {
    expect(await table('h1,h2\n1\n2,3,4|5\n')).toBe('| h1 | h2 |  |\n| --- | --- | --- |\n| 1 |  |  |\n| 2 | 3 | 4\\|5 |');
  });

  it('a range counts rows after the header, and reading stops after it', async () => {
    const text = ['n', ...Array.from({ length: 50 }, (_, i) => String(i + 1))].join('\n');
    const out = await extractTable(job(text, { start: 10, end: 12 }));
    expect(out.parts[0]?.markdown).toBe('| n |\n| --- |\n| 10 |\n| 11 |\n| 12 |');
    expect(out.unitCount).toBeNull();
    expect(out.table).toMatchObject({ attached: '10-12', asked: '10-12' });
    const all = await extractTable(job(text, { start: 49, end: 60 }));
    expect(all.unitCount).toBe(50);
    expect(all.table).toMatchObject({ attached: '49-50', extent: '50' });
  });

  it('a table over the byte limit stops at the first row that does not fit', async () => {
    const text = ['id,text', ...Array.from({ length: 500 }, (_, i) => `${i + 1},${'x'.repeat(40)}`)].join('\n');
    const out = await extractTable(job(text, null, 'csv', 4096));
    expect(out.parts).toEqual([]);
    expect(out.stoppedAt).toBeGreaterThan(10);
    expect(out.stoppedAt).toBeLessThan(100);
    const fits = await extractTable(job(text, { start: 1, end: out.stoppedAt! - 1 }, 'csv', 4096));
    expect(fits.stoppedAt).toBeNull();
    expect(fits.parts).toHaveLength(1);
  });

  it('an unclosed quote runs to the end of the file without hanging, and a NUL byte is not a table', async () => {
    expect(await table('a,b\n"never closed,1\n2,3\n')).toBe('| a | b |\n| --- | --- |\n| never closed,1 2,3 |  |');
    await expect(extractTable(job(new Uint8Array([0x61, 0x2c, 0x00, 0x0a])))).rejects.toThrow(/NUL/);
  });

  it('a quoted field running on for megabytes stops being built once it cannot fit', async () => {
    const text = `"${'x'.repeat(8 * 1024 * 1024)}`;
    const header = await extractTable(job(text, null, 'csv', 4096));
    expect(header).toMatchObject({ parts: [], stoppedAt: 1 });
    const row = await extractTable(job(`a,b\n1,"${'y'.repeat(8 * 1024 * 1024)}\n`, null, 'csv', 4096));
    expect(row).toMatchObject({ parts: [], stoppedAt: 1 });
  });

  it('a TSV splits on tabs only', async () => {
    expect(await extractTable(job('a\tb\n1,2\t3\n', null, 'tsv')).then((o) => o.parts[0]?.markdown)).toBe('| a | b |\n| --- | --- |\n| 1,2 | 3 |');
  });
});

describe('a prefix of a zip entry', () => {
  it('inflates only as much of a large sheet as the rows asked for need', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Tall');
    for (let r = 1; r <= 60_000; r++) ws.addRow([r, `row ${r} with some text to make it longer`, r * 2]);
    const archive = new ZipArchive(new Uint8Array(await wb.xlsx.writeBuffer()), 512 * 1024 * 1024);
    const whole = archive.textOf('xl/worksheets/sheet1.xml')!;
    let asked = 0;
    const prefix = archive.textPrefixOf('xl/worksheets/sheet1.xml', (t) => {
      asked++;
      return t.includes('<row r="30"');
    })!;
    expect(asked).toBeGreaterThan(0);
    expect(prefix.length).toBeLessThan(whole.length / 4);
    expect(whole.startsWith(prefix.slice(0, prefix.indexOf('<row r="30"')))).toBe(true);
    // Never enough: the whole entry.
    expect(archive.textPrefixOf('xl/worksheets/sheet1.xml', () => false)).toBe(whole);
  });
});
