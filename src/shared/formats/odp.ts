import type { FormatDescriptor } from './descriptor';

/** OpenDocument presentations: slides. */
export const odpFormat = {
  name: 'odp', extensions: ['odp'], family: 'document', sniff: { by: 'zip', mimetype: 'application/vnd.oasis.opendocument.presentation' }, range: 'slide', cap: 'document',
  short: 'ODP', icon: 'document', catalogue: { name: 'doc.format.odp' },
} as const satisfies FormatDescriptor<'odp'>;
