import type { KindDescriptor } from './descriptor';

/** `@result:ID`: an earlier result of this session, byte for byte as stored. */
export const resultKind = {
  // A local read of a stored file; the folder deadline only guards a stuck disk.
  name: 'result', bare: false, value: 'text', deadline: 'folderTimeoutMs', completion: 'result',
  chip: { label: { from: 'value' }, icon: 'variable' },
  catalogue: { name: 'ui.kind.result', help: 'ui.kindHelp.result' },
} as const satisfies KindDescriptor<'result'>;
