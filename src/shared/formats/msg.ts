import type { FormatDescriptor } from './descriptor';

/** An Outlook message, an OLE container: the whole message, no units. */
export const msgFormat = {
  name: 'msg', extensions: ['msg'], family: 'mail', sniff: { by: 'name', bytes: 'ole' }, range: null, cap: 'mail',
  short: 'MSG', icon: 'mail', catalogue: { name: 'doc.format.msg' },
} as const satisfies FormatDescriptor<'msg'>;
