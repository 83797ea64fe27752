import { text, type Text } from '../../shared/i18n/text';

/**
 * Sentences the services show to people, as catalogue texts (`service.*`), one place (STYLE 10).
 */
export const SERVICE_TEXT = {
  imageNotKept: text('service.imageNotKept'),
  folderNotFound: (p: string): Text => text('service.folderNotFound', { path: p }),
  notAFolder: (p: string): Text => text('service.notAFolder', { path: p }),
  fileNotFound: (p: string): Text => text('service.fileNotFound', { path: p }),
  notAFile: (p: string): Text => text('service.notAFile', { path: p }),
  protectedFile: (p: string, reason: string): Text => text('service.protectedFile', { path: p, reason }),
  unwritablePath: (p: string): Text => text('service.unwritablePath', { path: p }),
  noWorkspace: text('service.noWorkspace'),
  cancelled: text('service.cancelled'),
  unsupportedHere: (what: string): Text => text('service.unsupportedHere', { what }),
  expandFailed: (reason: string): Text => text('service.expandFailed', { reason }),
  settingsInvalid: (field: string, why: string): Text => text('service.settingsInvalid', { where: field ? `${field}: ` : '', why }),
  settingsNotSaved: (why: string): Text => text('service.settingsNotSaved', { why }),
  settingsChangedElsewhere: text('service.settingsChangedElsewhere'),
  noKeyPlace: (id: string): Text => text('service.noKeyPlace', { id }),
  noSessions: text('service.noSessions'),
  sessionNotFound: text('service.sessionNotFound'),
  runNotFound: text('service.runNotFound'),
  sendBusy: text('service.sendBusy'),
  stoppedBeforeSending: text('service.stoppedBeforeSending'),
  sendFailed: (reason: string): Text => text('service.sendFailed', { reason }),
  gitUnavailable: text('service.gitUnavailable'),
} as const;
