import type { FormatDescriptor } from './descriptor';

/** Excel workbooks (and macro-enabled .xlsm): sheets, or a block of cells. */
export const xlsxFormat = {
  name: 'xlsx', extensions: ['xlsx', 'xlsm'], family: 'workbook', sniff: { by: 'zip', part: 'xl/workbook.xml' }, range: 'sheet', cap: 'document',
  short: 'Excel', icon: 'document', catalogue: { name: 'doc.format.xlsx' },
} as const satisfies FormatDescriptor<'xlsx'>;
