import type { FormatDescriptor } from './descriptor';

/** A saved web page: the whole page, no units (with a line range, its source lines: resolvers/file.ts). */
export const htmlFormat = {
  name: 'html', extensions: ['html', 'htm'], family: 'page', sniff: { by: 'name', bytes: 'text-or-utf16' }, range: null, cap: 'document',
  short: 'HTML', icon: 'web', catalogue: { name: 'doc.format.html' },
} as const satisfies FormatDescriptor<'html'>;
