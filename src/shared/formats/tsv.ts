import type { FormatDescriptor } from './descriptor';

/** TSV: rows after the header, as CSV. */
export const tsvFormat = {
  name: 'tsv', extensions: ['tsv'], family: 'table', sniff: { by: 'name', bytes: 'any' }, range: 'row', cap: 'document',
  short: 'TSV', icon: 'data', catalogue: { name: 'doc.format.tsv' },
} as const satisfies FormatDescriptor<'tsv'>;
