import type { FormatDescriptor } from './descriptor';

/** Word (and macro-enabled .docm): flowing text, no fixed pages. */
export const docxFormat = {
  name: 'docx', extensions: ['docx', 'docm'], family: 'document', sniff: { by: 'zip', part: 'word/document.xml' }, range: null, cap: 'document',
  short: 'Word', icon: 'document', catalogue: { name: 'doc.format.docx' },
} as const satisfies FormatDescriptor<'docx'>;
