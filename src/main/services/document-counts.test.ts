import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapUnitCount, withUnitCounts } from './document-counts';
import { makeArea, type TempArea } from '../../../test-support/fs';
import { makePdf, makePptx, makeXlsx } from '../../../test-support/documents';
import { makeHwp, makeHwpx } from '../../../test-support/hwp-documents';
import { encodeTable, makeCellsWorkbook } from '../../../test-support/tables';

let area: TempArea;

beforeAll(async () => {
  area = await makeArea();
  await area.write('book.xlsx', await makeXlsx(3, 2));
  // A deck whose slides carry a large part, so the zip directory is far from the start of the file.
  const padding = new Uint8Array(600 * 1024).map((_, i) => (i * 7919) & 0xff);
  await area.write('deck.pptx', makePptx([{ title: 'a', bullets: [] }, { title: 'b', bullets: [] }], { 'ppt/media/image1.bin': padding }));
  await area.write('paper.pdf', await makePdf(2));
  await area.write('보고서.hwpx', makeHwpx([[{ text: '하나' }], [{ text: '둘' }]]));
  await area.write('보고서.hwp', makeHwp());
  await area.write('fake.xlsx', 'not a zip');
  await area.write('cells.xlsx', await makeCellsWorkbook(10));
  await area.write('rows.csv', encodeTable('名前,メモ\n田中,"一行目\n二行目"\n\n佐藤,x\n', 'shift_jis'));
  await area.write('big.csv', 'a,b\n'.repeat(300_000));
  await fsp.symlink(path.join(area.root, 'book.xlsx'), path.join(area.root, 'link.xlsx'));
}, 30_000);
afterAll(() => area.cleanup());

describe('cheapUnitCount', () => {
  it('counts sheets and slides from the zip directory at the end of the file', async () => {
    expect(await cheapUnitCount(area.root, 'book.xlsx')).toEqual({ unit: 'sheet', count: 3, sheets: ['売上 1', 'Sales 2', 'Sales 3'] });
    expect(await cheapUnitCount(area.root, 'deck.pptx')).toEqual({ unit: 'slide', count: 2 });
  });

  it('counts the sections of an HWPX the same way; an HWP 5 (an OLE container) gets no count', async () => {
    expect(await cheapUnitCount(area.root, '보고서.hwpx')).toEqual({ unit: 'section', count: 2 });
    expect(await cheapUnitCount(area.root, '보고서.hwp')).toBeNull();
  });

  it("lists a workbook's sheet names from its workbook part, quotes and all", async () => {
    expect((await cheapUnitCount(area.root, 'cells.xlsx'))?.sheets).toEqual(['売上 2026', "Ann's list", '매출', 'Big']);
  });

  it('counts the rows of a small table file after its header, a quoted newline inside its row; a big one is not counted', async () => {
    expect(await cheapUnitCount(area.root, 'rows.csv')).toEqual({ unit: 'row', count: 2 });
    expect(await cheapUnitCount(area.root, 'big.csv')).toBeNull();
  });

  it('gives nothing where a count is not cheap, the file is not a zip, or the name is a symlink', async () => {
    expect(await cheapUnitCount(area.root, 'paper.pdf')).toBeNull();
    expect(await cheapUnitCount(area.root, 'fake.xlsx')).toBeNull();
    expect(await cheapUnitCount(area.root, 'link.xlsx')).toBeNull();
    expect(await cheapUnitCount(area.root, 'missing.pptx')).toBeNull();
  });

  it('fills completion items in, leaving other items as they are', async () => {
    const items = await withUnitCounts(area.root, [
      { type: 'path', kind: 'file', path: 'book.xlsx', size: 10 },
      { type: 'path', kind: 'file', path: 'paper.pdf', size: 10 },
      { type: 'path', kind: 'folder', path: 'src', size: null },
    ]);
    expect(items).toEqual([
      { type: 'path', kind: 'file', path: 'book.xlsx', size: 10, units: { unit: 'sheet', count: 3 }, sheets: ['売上 1', 'Sales 2', 'Sales 3'] },
      { type: 'path', kind: 'file', path: 'paper.pdf', size: 10 },
      { type: 'path', kind: 'folder', path: 'src', size: null },
    ]);
  });
});
