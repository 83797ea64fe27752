import type { FormatDescriptor } from './descriptor';

/** PDF: pages, read from its text layer. */
export const pdfFormat = {
  name: 'pdf', extensions: ['pdf'], family: 'document', sniff: { by: 'signature' }, range: 'page', cap: 'document',
  short: 'PDF', icon: 'document', catalogue: { name: 'doc.format.pdf' },
} as const satisfies FormatDescriptor<'pdf'>;
