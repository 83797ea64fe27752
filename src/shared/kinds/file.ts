import type { KindDescriptor } from './descriptor';

/** `@file:PATH`, `@file:PATH:10-25`: a text file or some of its lines; a document or some of its pages. */
export const fileKind = {
  // A local read with byte caps (the folder deadline only guards a stuck disk); a document's reader keeps its own budget.
  name: 'file', bare: false, value: 'path-with-range', deadline: 'folderTimeoutMs', documents: 'within', completion: 'file',
  chip: { label: { from: 'path' }, icon: 'file' },
  catalogue: { name: 'ui.kind.file', help: 'ui.kindHelp.file' },
} as const satisfies KindDescriptor<'file'>;
