import type { FormatDescriptor } from './descriptor';

/** OpenDocument spreadsheets: sheets, or a block of cells. */
export const odsFormat = {
  name: 'ods', extensions: ['ods'], family: 'workbook', sniff: { by: 'zip', mimetype: 'application/vnd.oasis.opendocument.spreadsheet' }, range: 'sheet', cap: 'document',
  short: 'ODS', icon: 'document', catalogue: { name: 'doc.format.ods' },
} as const satisfies FormatDescriptor<'ods'>;
