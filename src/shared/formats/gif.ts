import type { FormatDescriptor } from './descriptor';

/** GIF images (the first frame), read by OCR. */
export const gifFormat = {
  name: 'gif', extensions: ['gif'], family: 'image', sniff: { by: 'image' }, range: null, cap: 'document',
  short: 'GIF', icon: 'image', catalogue: { name: 'doc.format.gif' },
} as const satisfies FormatDescriptor<'gif'>;
