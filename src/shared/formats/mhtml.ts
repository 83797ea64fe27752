import type { FormatDescriptor } from './descriptor';

/** A web page saved as one MIME archive: the whole page, no units; capped as a message is. */
export const mhtmlFormat = {
  name: 'mhtml', extensions: ['mhtml', 'mht'], family: 'page', sniff: { by: 'name', bytes: 'text' }, range: null, cap: 'mail',
  short: 'MHTML', icon: 'web', catalogue: { name: 'doc.format.mhtml' },
} as const satisfies FormatDescriptor<'mhtml'>;
