import { text, type Text } from '../../shared/i18n/text';

/**
 * Every sentence the session store shows a person, as catalogue texts (`session.*`). The labels of
 * stored results (`blockLabel`, `replyLabel`) name things for completion lists and stay as written.
 */
export const SESSION_TEXT = {
  noSuchResult: text('session.noSuchResult'),
  foreignResult: (id: string): Text => text('session.foreignResult', { id }),
  damagedResult: (id: string): Text => text('session.damagedResult', { id }),
  notASession: (dir: string): Text => text('session.notASession', { dir }),
  sessionDamaged: (dir: string): Text => text('session.sessionDamaged', { dir }),
  cannotCreate: (dir: string, why: string): Text => text('session.cannotCreate', { dir, why }),
  interrupted: text('session.interrupted'),
  blockLabel: (reference: string, run: number): string => `${reference} in run ${run}`,
  replyLabel: (run: number, model: string | null): string => `reply of run ${run}${model ? ` (${model})` : ''}`,
  blocked: text('session.blocked'),
  picturesNotAccepted: (endpoint: string, refs: string): Text => text('session.picturesNotAccepted', { endpoint, refs }),
  saveFailed: (why: string): Text => text('session.saveFailed', { why }),
  stoppedBeforeSending: text('service.stoppedBeforeSending'),
  noDraftWorkspace: 'no workspace',
  draftNotSaved: (why: string): Text => text('session.draftNotSaved', { why }),
  draftChangedElsewhere: (file: string): Text => text('session.draftChangedElsewhere', { file }),
  draftTooLarge: (limit: number): Text => text('session.draftTooLarge', { limit }),
} as const;
