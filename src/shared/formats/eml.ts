import type { FormatDescriptor } from './descriptor';

/** An email message (RFC 5322): the whole message, no units. */
export const emlFormat = {
  name: 'eml', extensions: ['eml'], family: 'mail', sniff: { by: 'name', bytes: 'text' }, range: null, cap: 'mail',
  short: 'EML', icon: 'mail', catalogue: { name: 'doc.format.eml' },
} as const satisfies FormatDescriptor<'eml'>;
