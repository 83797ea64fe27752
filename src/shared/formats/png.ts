import type { FormatDescriptor } from './descriptor';

/** PNG images, read by OCR. */
export const pngFormat = {
  name: 'png', extensions: ['png'], family: 'image', sniff: { by: 'image' }, range: null, cap: 'document',
  short: 'PNG', icon: 'image', catalogue: { name: 'doc.format.png' },
} as const satisfies FormatDescriptor<'png'>;
