import type { KindDescriptor } from './descriptor';

/** `@diff`: unstaged changes, as `git diff` shows them. */
export const diffKind = {
  name: 'diff', bare: true, value: 'none', deadline: 'gitTimeoutMs', completion: null,
  chip: { label: { from: 'words', key: 'ui.chip.unstaged' }, icon: 'keyword' },
  catalogue: { name: 'ui.kind.diff', help: 'ui.kindHelp.diff' },
} as const satisfies KindDescriptor<'diff'>;
