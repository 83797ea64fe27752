import type { KindDescriptor } from './descriptor';

/**
 * `@image:NAME`: an image pasted or dropped on the composer, kept in this session's folder and named
 * by its digest (`@image:3f2a91c0d4e1.png`); `:text`, `:image` or `:both` after it says what is sent.
 */
export const imageKind = {
  // A local read of a kept file; the image's reader (OCR) keeps its own budget, as for `@file`.
  name: 'image', bare: false, value: 'path-with-range', deadline: 'folderTimeoutMs', documents: 'within', completion: null, listed: false,
  chip: { label: { from: 'words', key: 'ui.chip.pastedImage' }, icon: 'file' },
  catalogue: { name: 'ui.kind.image', help: 'ui.kindHelp.image' },
} as const satisfies KindDescriptor<'image'>;
