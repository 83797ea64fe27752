import type { KindDescriptor } from './descriptor';

/** `@url:URL`: the readable text of a web page (or a document it serves). */
export const urlKind = {
  name: 'url', bare: false, value: 'text', deadline: 'urlTimeoutMs', documents: 'after', completion: null,
  chip: { label: { from: 'host' }, icon: 'keyword' },
  catalogue: { name: 'ui.kind.url', help: 'ui.kindHelp.url' },
} as const satisfies KindDescriptor<'url'>;
