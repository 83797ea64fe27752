import type { FormatDescriptor } from './descriptor';

/** OpenDocument text: flowing text, no fixed pages. */
export const odtFormat = {
  name: 'odt', extensions: ['odt'], family: 'document', sniff: { by: 'zip', mimetype: 'application/vnd.oasis.opendocument.text' }, range: null, cap: 'document',
  short: 'ODT', icon: 'document', catalogue: { name: 'doc.format.odt' },
} as const satisfies FormatDescriptor<'odt'>;
