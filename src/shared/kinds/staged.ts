import type { KindDescriptor } from './descriptor';

/** `@staged`: staged changes, as `git diff --staged` shows them. */
export const stagedKind = {
  name: 'staged', bare: true, value: 'none', deadline: 'gitTimeoutMs', completion: null,
  chip: { label: { from: 'words', key: 'ui.chip.staged' }, icon: 'keyword' },
  catalogue: { name: 'ui.kind.staged', help: 'ui.kindHelp.staged' },
} as const satisfies KindDescriptor<'staged'>;
