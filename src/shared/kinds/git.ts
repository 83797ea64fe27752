import type { KindDescriptor } from './descriptor';

/** `@git:N`: the last N commits with their patches. */
export const gitKind = {
  name: 'git', bare: false, value: 'count', deadline: 'gitTimeoutMs', completion: 'git',
  chip: { label: { from: 'count', key: 'ui.chip.commits' }, icon: 'constant' },
  catalogue: { name: 'ui.kind.git', help: 'ui.kindHelp.git' },
} as const satisfies KindDescriptor<'git'>;
