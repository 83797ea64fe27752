import type { SecretStore } from './secrets';
import { createEnvSecretStore } from './memory-secrets';
import { said } from '../../shared/i18n';
import { SETTINGS_TEXT } from './text';

/**
 * Whether the system can protect API keys at rest, judged from what Electron's `safeStorage`
 * reports. On Linux without a keyring (GNOME Keyring, KWallet), `safeStorage` still "encrypts",
 * with a key built into Chromium (its `basic_text` backend): anyone who can read the file can read
 * the key, so Atmark does not store keys then, and Settings says why. Pure, so it is tested
 * without Electron.
 */

/** How keys are kept. */
export type KeyProtection = { store: 'encrypted' } | { store: 'memory'; reason: 'unavailable' | 'plain_text_backend' };

/**
 * Judges `safeStorage`: `available` is `isEncryptionAvailable()`, `backend` is
 * `getSelectedStorageBackend()` on Linux (null elsewhere).
 */
export function judgeKeyProtection(platform: NodeJS.Platform, available: boolean, backend: string | null): KeyProtection {
  if (!available) return { store: 'memory', reason: 'unavailable' };
  if (platform === 'linux' && (backend === null || backend === 'basic_text' || backend === 'unknown')) return { store: 'memory', reason: 'plain_text_backend' };
  return { store: 'encrypted' };
}

/**
 * The store for keys that cannot be protected: keys typed in this run stay in memory (and the
 * environment's are read), and the store's problems carry the sentence Settings shows.
 */
export function unprotectedSecretStore(reason: 'unavailable' | 'plain_text_backend', env?: Readonly<Record<string, string | undefined>>): SecretStore {
  const store = createEnvSecretStore(env ? { env } : {});
  const why = said(reason === 'plain_text_backend' ? SETTINGS_TEXT.plainTextKeyring : SETTINGS_TEXT.encryptionUnavailable);
  return { ...store, problems: () => [...store.problems(), { path: '', code: 'unreadable', ...why }] };
}
