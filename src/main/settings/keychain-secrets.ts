/**
 * The browser host's secret store: API keys in the operating system's keychain (macOS Keychain,
 * Windows Credential Manager, the Secret Service on Linux: GNOME Keyring, KWallet) through
 * `@napi-rs/keyring`, so a key typed in the browser survives a restart like the desktop app's.
 *
 * Where no keychain answers (a Linux session without a Secret Service, a container), keys typed
 * here stay in memory until the host stops, exactly as before, and `persistent` is false so
 * Settings says so. Keys from the environment are read in both cases.
 */
import { secretInputProblem, type SecretResult, type SecretStore } from './secrets';
import { createEnvSecretStore, type EnvSecretStoreOptions } from './memory-secrets';

/** The keychain as this store uses it: one password per (service, account). Throws when it cannot answer. */
export interface KeychainBackend {
  get(account: string): string | null;
  set(account: string, password: string): void;
  delete(account: string): void;
}

/** The service name keys are filed under in the keychain. */
export const KEYCHAIN_SERVICE = 'Atmark';

/**
 * The system keychain through `@napi-rs/keyring`, or null when it cannot be loaded or does not
 * answer. Probed once by writing, reading back and deleting an entry of its own: a read alone is
 * not enough, since without a Secret Service reads answer "no entry" while writes are refused.
 */
export async function loadSystemKeychain(service = KEYCHAIN_SERVICE): Promise<KeychainBackend | null> {
  try {
    const { Entry } = await import('@napi-rs/keyring');
    const backend: KeychainBackend = {
      get: (account) => new Entry(service, account).getPassword() ?? null,
      set: (account, password) => new Entry(service, account).setPassword(password),
      delete: (account) => void new Entry(service, account).deletePassword(),
    };
    const probe = `atmark-probe-${process.pid}`;
    backend.set(probe, 'probe');
    const back = backend.get(probe);
    backend.delete(probe);
    return back === 'probe' ? backend : null;
  } catch {
    return null;
  }
}

/** Options of {@link createKeychainSecretStore}. */
export interface KeychainSecretStoreOptions extends EnvSecretStoreOptions {
  /** Where the keychain comes from. Default: {@link loadSystemKeychain}. */
  keychain?: () => Promise<KeychainBackend | null>;
}

/** Keys in the system keychain when there is one, else in memory; the environment is read either way. */
export function createKeychainSecretStore(options: KeychainSecretStoreOptions = {}): SecretStore {
  const fallback = createEnvSecretStore(options);
  const load = options.keychain ?? (() => loadSystemKeychain());
  let keychain: Promise<KeychainBackend | null> | null = null;
  let available = false;
  const backend = (): Promise<KeychainBackend | null> =>
    (keychain ??= load().then((found) => {
      available = found !== null;
      return found;
    }));

  const stored = async (id: string): Promise<string | null> => {
    const found = await backend();
    if (!found) return null;
    try {
      return found.get(id);
    } catch {
      return null;
    }
  };

  return {
    get persistent() {
      return available;
    },
    get: async (id, signal) => (await stored(id)) ?? fallback.get(id, signal),
    has: async (id, signal) => (await stored(id)) !== null || fallback.has(id, signal),
    async set(id, key): Promise<SecretResult> {
      const bad = secretInputProblem(id, key);
      if (bad) return bad;
      const found = await backend();
      if (!found) return fallback.set(id, key);
      try {
        found.set(id, key.trim());
        return { ok: true };
      } catch {
        // The keychain refused this write (locked, denied): keep the key for this run at least.
        return fallback.set(id, key);
      }
    },
    async delete(id): Promise<SecretResult> {
      const found = await backend();
      try {
        found?.delete(id);
      } catch {
        // Nothing was kept there, or the keychain is locked: the memory copy goes either way.
      }
      return fallback.delete(id);
    },
    problems: () => [],
  };
}
