/** Every sentence the settings and secret stores show a person (one place, so other languages can follow). */
export const SETTINGS_TEXT = {
  notJson: 'The settings file is damaged (not valid JSON), so the defaults are used. Saving settings again replaces it.',
  partlyDamaged: 'The settings file had unexpected content; what could be read was kept and the rest uses the defaults.',
  droppedEndpoint: (n: number): string => `Model endpoint ${n} in the settings file was damaged and was left out: add it again in Settings.`,
  resetLimit: (name: string): string => `The limit "${name}" in the settings file was not valid and is back to its default.`,
  invalid: (path: string, message: string): string => `These settings were not saved: ${path ? `${path}: ` : ''}${message}.`,
  secretsDamaged: 'The saved API keys could not be read (the file is damaged); enter the keys again in Settings.',
  encryptionUnavailable:
    'API keys cannot be saved because this system offers no encrypted storage (on Linux, a keyring such as GNOME Keyring or KWallet). Set the ATMARK_API_KEY environment variable instead.',
  plainTextKeyring:
    'API keys are not saved on this computer: no system keyring (such as GNOME Keyring or KWallet) is running, and without one they would be stored with a key anyone can read. A key entered here lasts until Atmark quits; to keep keys, install or unlock a keyring and restart Atmark, or set the ATMARK_API_KEY environment variable.',
  decryptFailed: (id: string): string => `The saved API key for "${id}" could not be decrypted (the system keyring changed?); enter it again in Settings.`,
  badSecretId: (id: string): string => `"${id}" is not a valid key name: use lowercase letters, digits and dashes.`,
  emptyKey: 'The API key is empty: paste the key, or remove it.',
} as const;

/** Sentences about the endpoint Send would use. */
export const SEND_ENDPOINT_TEXT = {
  noEndpoint: 'No model is set up, so nothing can be sent: add an endpoint in Settings. Compose, preview, copy and export work without one.',
  noApiKey: (name: string, persistent: boolean): string =>
    persistent
      ? `${name} needs an API key: add it in Settings.`
      : `${name} needs an API key: set the ATMARK_API_KEY environment variable, or enter the key in Settings for this run.`,
} as const;
