import type { FormatDescriptor } from './descriptor';

/** PowerPoint decks (and macro-enabled .pptm): slides. */
export const pptxFormat = {
  name: 'pptx', extensions: ['pptx', 'pptm'], family: 'document', sniff: { by: 'zip', part: 'ppt/presentation.xml' }, range: 'slide', cap: 'document',
  short: 'PowerPoint', icon: 'document', catalogue: { name: 'doc.format.pptx' },
} as const satisfies FormatDescriptor<'pptx'>;
