import type { FormatDescriptor } from './descriptor';

/** JPEG images, read by OCR (saved as .jpg). */
export const jpegFormat = {
  name: 'jpeg', extensions: ['jpg', 'jpeg'], family: 'image', sniff: { by: 'image' }, range: null, cap: 'document',
  short: 'JPEG', icon: 'image', catalogue: { name: 'doc.format.jpeg' },
} as const satisfies FormatDescriptor<'jpeg'>;
