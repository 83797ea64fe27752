import type { FormatDescriptor } from './descriptor';

/** HWPX: sections. A writer that compressed its `mimetype` still has its package file. */
export const hwpxFormat = {
  name: 'hwpx', extensions: ['hwpx'], family: 'document', sniff: { by: 'zip', mimetype: 'application/hwp+zip', part: 'Contents/content.hpf' }, range: 'section', cap: 'document',
  short: 'HWPX', icon: 'document', catalogue: { name: 'doc.format.hwpx' },
} as const satisfies FormatDescriptor<'hwpx'>;
