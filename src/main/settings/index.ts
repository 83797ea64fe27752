/** Settings: model endpoints, limits, allowed hosts; API keys in a separate secret store. */
export {
  baseUrlProblem,
  chosenEndpoint,
  defaultSettings,
  EndpointSchema,
  engineOptionsFrom,
  LimitsSchema,
  PRESET_IDS,
  SettingsSchema,
  type Endpoint,
  type PresetId,
  type Settings,
} from './schema';
export { ENDPOINT_PRESETS, endpointFromPreset, presetById, type EndpointPreset } from './presets';
export { checkSettings, loadSettings, MAX_SETTINGS_BYTES, saveSettings, SETTINGS_FILE, type LoadedSettings, type SettingsCheck, type SettingsIssue } from './store';
export { createEncryptedSecretStore, SECRETS_FILE, type SecretErrorCode, type SecretResult, type SecretStore, type StringCipher } from './secrets';
export { createEnvSecretStore, envNamesFor, type EnvSecretStoreOptions } from './memory-secrets';
export { publicSettings, type PublicEndpoint, type PublicSettings } from './public';
export { endpointForSend, type SendEndpoint } from './send-endpoint';
export { judgeKeyProtection, unprotectedSecretStore, type KeyProtection } from './key-protection';
