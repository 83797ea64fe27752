import type { FormatDescriptor } from './descriptor';

/** WebP images, read by OCR. */
export const webpFormat = {
  name: 'webp', extensions: ['webp'], family: 'image', sniff: { by: 'image' }, range: null, cap: 'document',
  short: 'WebP', icon: 'image', catalogue: { name: 'doc.format.webp' },
} as const satisfies FormatDescriptor<'webp'>;
