import type { FormatDescriptor } from './descriptor';

/** HWP 5 (Hangul 2002 and later), an OLE container: sections, as it stores no pages. */
export const hwpFormat = {
  name: 'hwp', extensions: ['hwp'], family: 'document', sniff: { by: 'signature' }, range: 'section', cap: 'document',
  short: 'HWP', icon: 'document', catalogue: { name: 'doc.format.hwp' },
} as const satisfies FormatDescriptor<'hwp'>;
