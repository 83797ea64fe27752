/**
 * Workbooks and table files for the cells-and-rows tests, made by maintained writers: exceljs for
 * .xlsx, the OpenDocument maker for .ods, iconv-lite for CSV in Shift_JIS and EUC-KR.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { makeOdf } from './documents';

/**
 * A workbook with a CJK sheet name with a space (`売上 2026`, 12 rows of 4 columns: a header and
 * eleven months), a name with a space and an apostrophe (`Ann's list`), a Korean one (`매출`) and a
 * tall one (`Big`, `bigRows` rows of 6 columns) for the caps.
 */
export async function makeCellsWorkbook(bigRows = 2_000): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const sales = wb.addWorksheet('売上 2026');
  sales.addRow(['月', '地域', '売上', '備考']);
  for (let m = 1; m <= 11; m++) sales.addRow([`${m}月`, m % 2 ? '東京' : '大阪', m * 100, m === 3 ? 'a | b' : '']);
  const ann = wb.addWorksheet("Ann's list");
  ann.addRow(['name', 'city']);
  ann.addRow(['Ann', 'Seoul']);
  const korean = wb.addWorksheet('매출');
  korean.addRow(['지역', '금액']);
  korean.addRow(['서울', 10]);
  const big = wb.addWorksheet('Big');
  for (let r = 1; r <= bigRows; r++) big.addRow(Array.from({ length: 6 }, (_, c) => `r${r}c${c + 1}`));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const cell = (text: string, repeat = 1) =>
  `<table:table-cell${repeat > 1 ? ` table:number-columns-repeated="${repeat}"` : ''}>${text ? `<text:p>${text}</text:p>` : ''}</table:table-cell>`;

/**
 * An OpenDocument spreadsheet like {@link makeCellsWorkbook}'s first two sheets, with repeated
 * cells and rows: `売上 2026` has a header and three months, a value repeated over two columns,
 * and a million empty rows after it.
 */
export function makeCellsOds(): Uint8Array {
  const row = (cells: string, repeat = 1) => `<table:table-row${repeat > 1 ? ` table:number-rows-repeated="${repeat}"` : ''}>${cells}</table:table-row>`;
  return makeOdf(
    'spreadsheet',
    `<table:table table:name="売上 2026">${row(cell('月') + cell('地域') + cell('売上'))}${row(cell('1月') + cell('東京') + cell('100'))}${row(cell('2月') + cell('同', 2))}${row(cell('3月') + cell('') + cell('300'))}${row(cell('', 1024), 1_048_000)}</table:table>` +
      `<table:table table:name="Ann's list">${row(cell('name') + cell('city'))}${row(cell('Ann') + cell('Seoul'))}</table:table>`,
  );
}

/** `text` encoded in `encoding` (`shift_jis`, `euc-kr`, `utf-8`), with a UTF-8 byte-order mark when `bom`. */
export function encodeTable(text: string, encoding: 'shift_jis' | 'euc-kr' | 'utf-8' | 'utf-16le', bom = false): Uint8Array {
  const body = iconv.encode(text, encoding);
  const mark = !bom ? Buffer.alloc(0) : encoding === 'utf-16le' ? Buffer.from([0xff, 0xfe]) : Buffer.from([0xef, 0xbb, 0xbf]);
  return new Uint8Array(Buffer.concat([mark, body]));
}
