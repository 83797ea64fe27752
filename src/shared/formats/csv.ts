import type { FormatDescriptor } from './descriptor';

/** CSV: rows after the header, read whatever the bytes (a table has no magic number). */
export const csvFormat = {
  name: 'csv', extensions: ['csv'], family: 'table', sniff: { by: 'name', bytes: 'any' }, range: 'row', cap: 'document',
  short: 'CSV', icon: 'data', catalogue: { name: 'doc.format.csv' },
} as const satisfies FormatDescriptor<'csv'>;
