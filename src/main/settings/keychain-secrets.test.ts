import { describe, expect, it } from 'vitest';
import { createKeychainSecretStore, loadSystemKeychain, type KeychainBackend } from './keychain-secrets';

/**
 * The keychain store. The real `@napi-rs/keyring` is loaded in the first test: on these build
 * machines no Secret Service runs, so it must report "no keychain" and keep keys in memory. A
 * working keychain cannot run here, so the persistence tests use a backend with the same contract
 * that outlives the store (as a real keychain outlives the process).
 */
function sharedKeychain(): KeychainBackend & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: (a) => entries.get(a) ?? null,
    set: (a, p) => void entries.set(a, p),
    delete: (a) => void entries.delete(a),
  };
}

describe('keys in the system keychain', () => {
  it('without a keychain (as on these machines) keys stay in memory, persistent is false, and the environment still counts', async () => {
    const system = await loadSystemKeychain('atmark-test');
    if (system) console.log('a system keychain answered on this machine; the fallback is checked with none given');
    const store = createKeychainSecretStore({ keychain: async () => null, env: { ATMARK_API_KEY_VLLM: 'from-env' } });
    expect(await store.get('vllm')).toBe('from-env');
    expect(await store.set('ollama', '  typed  ')).toEqual({ ok: true });
    expect(await store.get('ollama')).toBe('typed');
    expect(store.persistent).toBe(false);
    const again = createKeychainSecretStore({ keychain: async () => null, env: {} });
    expect(await again.get('ollama')).toBeNull();
  });

  it('the real library loads and answers "no keychain" or a working backend, never throws', async () => {
    const store = createKeychainSecretStore({ env: {} });
    expect(await store.has('atmark-never-set')).toBe(false);
    expect(typeof store.persistent).toBe('boolean');
  });

  it('with a keychain, a key set by one host is there for the next one (a restart)', async () => {
    const keychain = sharedKeychain();
    const first = createKeychainSecretStore({ keychain: async () => keychain, env: {} });
    expect(await first.set('openai', 'sk-test-123')).toEqual({ ok: true });
    expect(first.persistent).toBe(true);
    const second = createKeychainSecretStore({ keychain: async () => keychain, env: {} });
    expect(await second.get('openai')).toBe('sk-test-123');
    expect(await second.delete('openai')).toEqual({ ok: true });
    expect(keychain.entries.size).toBe(0);
  });

  it('refuses an empty key or a bad id before anything is stored', async () => {
    const keychain = sharedKeychain();
    const store = createKeychainSecretStore({ keychain: async () => keychain, env: {} });
    expect(await store.set('openai', '   ')).toMatchObject({ ok: false, code: 'invalid' });
    expect(await store.set('Bad Id', 'k')).toMatchObject({ ok: false, code: 'invalid' });
    expect(keychain.entries.size).toBe(0);
  });

  it('a keychain that refuses a write keeps the key for this run instead of losing it', async () => {
    const refusing: KeychainBackend = { get: () => null, set: () => { throw new Error('locked'); }, delete: () => undefined };
    const store = createKeychainSecretStore({ keychain: async () => refusing, env: {} });
    expect(await store.set('vllm', 'k1')).toEqual({ ok: true });
    expect(await store.get('vllm')).toBe('k1');
  });
});
