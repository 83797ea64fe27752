import type { KindDescriptor } from './descriptor';

/** `@folder:PATH`: a listing of a folder. */
export const folderKind = {
  name: 'folder', bare: false, value: 'text', deadline: 'folderTimeoutMs', completion: 'folder',
  chip: { label: { from: 'folder' }, icon: 'folder' },
  catalogue: { name: 'ui.kind.folder', help: 'ui.kindHelp.folder' },
} as const satisfies KindDescriptor<'folder'>;
