import { text, type Text } from '../../shared/i18n/text';

/** Every sentence the settings and secret stores show a person, as catalogue texts (`settings.*`). */
export const SETTINGS_TEXT = {
  notJson: text('settings.notJson'),
  partlyDamaged: text('settings.partlyDamaged'),
  droppedEndpoint: (n: number): Text => text('settings.droppedEndpoint', { n }),
  resetLimit: (name: string): Text => text('settings.resetLimit', { name }),
  invalid: (path: string, message: string): Text => text('settings.invalid', { where: path ? `${path}: ` : '', why: message }),
  secretsDamaged: text('settings.secretsDamaged'),
  encryptionUnavailable: text('settings.encryptionUnavailable'),
  plainTextKeyring: text('settings.plainTextKeyring'),
  decryptFailed: (id: string): Text => text('settings.decryptFailed', { id }),
  badSecretId: (id: string): Text => text('settings.badSecretId', { id }),
  emptyKey: text('settings.emptyKey'),
} as const;

/** Sentences about the endpoint Send would use. */
export const SEND_ENDPOINT_TEXT = {
  noEndpoint: text('settings.noEndpoint'),
  noApiKey: (name: string, persistent: boolean): Text => text(persistent ? 'settings.noApiKeyPersistent' : 'settings.noApiKeyEnv', { name }),
} as const;
