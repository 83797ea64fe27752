import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEnvSecretStore, envNamesFor } from './memory-secrets';
import { endpointFromPreset } from './presets';
import { publicSettings } from './public';
import { endpointForSend } from './send-endpoint';
import { defaultSettings } from './schema';
import { createEncryptedSecretStore, SECRETS_FILE, type StringCipher } from './secrets';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A real cipher with safeStorage's shape (AES-256-GCM, key held in memory), standing in for the
 * OS keyring Electron would use. `available: false` behaves like a Linux session without one.
 */
function aesCipher(available = true, key = randomBytes(32)): StringCipher {
  return {
    isEncryptionAvailable: () => available,
    encryptString(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(data) {
      const d = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      d.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([d.update(data.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

const KEY = 'sk-proj-THIS-IS-A-TEST-KEY-1234567890';

describe('the encrypted secret store', () => {
  it('keeps keys encrypted at rest (base64 ciphertext, mode 0600) and reads them back in a new store', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-secrets-'));
    const cipher = aesCipher();
    const store = createEncryptedSecretStore(dir, cipher);
    expect(await store.get('openai')).toBeNull();
    expect(await store.set('openai', `  ${KEY}\n`)).toEqual({ ok: true });
    const onDisk = readFileSync(join(dir, SECRETS_FILE), 'utf8');
    expect(onDisk).not.toContain(KEY);
    expect(onDisk).not.toContain('THIS-IS-A-TEST-KEY');
    expect(JSON.parse(onDisk).keys.openai).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(statSync(join(dir, SECRETS_FILE)).mode & 0o777).toBe(0o600);

    const again = createEncryptedSecretStore(dir, cipher);
    expect(await again.get('openai')).toBe(KEY);
    expect(await again.has('openai')).toBe(true);
    expect(await again.delete('openai')).toEqual({ ok: true });
    expect(await createEncryptedSecretStore(dir, cipher).has('openai')).toBe(false);
  });

  it('without OS encryption it refuses to store a key, and writes nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-secrets-'));
    const store = createEncryptedSecretStore(dir, aesCipher(false));
    const out = await store.set('openai', KEY);
    expect(out).toMatchObject({ ok: false, code: 'encryption_unavailable', message: expect.stringMatching(/ATMARK_API_KEY/) });
    expect(existsSync(join(dir, SECRETS_FILE))).toBe(false);
  });

  it('refuses bad ids and empty keys', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-secrets-'));
    const store = createEncryptedSecretStore(dir, aesCipher());
    expect(await store.set('../x', KEY)).toMatchObject({ ok: false, code: 'invalid' });
    expect(await store.set('openai', '   ')).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('a damaged file or a key that no longer decrypts is reported, and get gives null', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-secrets-'));
    await createEncryptedSecretStore(dir, aesCipher()).set('openai', KEY);
    const otherKeyring = createEncryptedSecretStore(dir, aesCipher());
    expect(await otherKeyring.get('openai')).toBeNull();
    expect(otherKeyring.problems()).toEqual([expect.objectContaining({ message: expect.stringMatching(/could not be decrypted/) })]);

    writeFileSync(join(dir, SECRETS_FILE), 'garbage');
    const damaged = createEncryptedSecretStore(dir, aesCipher());
    expect(await damaged.get('openai')).toBeNull();
    expect(damaged.problems()).toEqual([expect.objectContaining({ message: expect.stringMatching(/enter the keys again/) })]);
    expect(await damaged.set('openai', KEY)).toEqual({ ok: true });
    expect(await damaged.get('openai')).toBe(KEY);
  });

  it('concurrent sets do not lose each other', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-secrets-'));
    const cipher = aesCipher();
    const store = createEncryptedSecretStore(dir, cipher);
    await Promise.all(['a', 'b', 'c', 'd'].map((id) => store.set(id, `key-${id}`)));
    const fresh = createEncryptedSecretStore(dir, cipher);
    expect(await Promise.all(['a', 'b', 'c', 'd'].map((id) => fresh.get(id)))).toEqual(['key-a', 'key-b', 'key-c', 'key-d']);
  });
});

describe('the environment / memory store (browser host, CLI)', () => {
  it('reads ATMARK_API_KEY_<ID>, then ATMARK_API_KEY, and OPENAI_API_KEY only for the openai id', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-secrets-'));
    expect(envNamesFor('my-vllm')).toEqual(['ATMARK_API_KEY_MY_VLLM', 'ATMARK_API_KEY']);
    const onlyOpenAi = createEnvSecretStore({ env: { OPENAI_API_KEY: 'sk-openai' } });
    expect(await onlyOpenAi.get('openai')).toBe('sk-openai');
    expect(await onlyOpenAi.get('ollama')).toBeNull();
    const store = createEnvSecretStore({ env: { ATMARK_API_KEY: 'general', ATMARK_API_KEY_MY_VLLM: 'specific' } });
    expect(await store.get('my-vllm')).toBe('specific');
    expect(await store.get('other')).toBe('general');
    expect(await store.set('other', 'typed')).toEqual({ ok: true });
    expect(await store.get('other')).toBe('typed');
    expect(store.persistent).toBe(false);
    expect(readdirSync(dir)).toEqual([]); // nothing written to disk
  });
});

describe('publicSettings', () => {
  it('says whether a key is kept, and never carries one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-secrets-'));
    const secrets = createEncryptedSecretStore(dir, aesCipher());
    const openai = endpointFromPreset('openai');
    const ollama = endpointFromPreset('ollama');
    const other = endpointFromPreset('custom', [], { apiKeyRef: 'custom' });
    await secrets.set('openai', KEY);
    const view = await publicSettings({ ...defaultSettings(), endpoints: [openai, ollama, other], chosenEndpointId: 'openai' }, secrets);
    expect(view.endpoints.map((e) => [e.id, e.hasApiKey])).toEqual([['openai', true], ['ollama', false], ['custom', false]]);
    expect(JSON.stringify(view)).not.toContain(KEY);
    expect(view.keysPersist).toBe(true);
    expect(view.presets.length).toBe(9);
  });
});


describe('endpointForSend', () => {
  it('gives the chosen endpoint with its key, or says what is missing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-secrets-'));
    const secrets = createEnvSecretStore({ env: {} });
    const openai = endpointFromPreset('openai');
    const ollama = endpointFromPreset('ollama');
    const base = { ...defaultSettings(), endpoints: [openai, ollama] };
    expect(await endpointForSend(base, secrets)).toMatchObject({ ok: false, code: 'no_endpoint' });
    expect(await endpointForSend({ ...base, chosenEndpointId: 'ollama' }, secrets)).toEqual({ ok: true, endpoint: ollama, apiKey: null });
    const noKey = await endpointForSend({ ...base, chosenEndpointId: 'openai' }, secrets);
    expect(noKey).toMatchObject({ ok: false, code: 'no_api_key', message: expect.stringMatching(/OpenAI needs an API key: set the ATMARK_API_KEY/) });
    await secrets.set('openai', KEY);
    expect(await endpointForSend({ ...base, chosenEndpointId: 'openai' }, secrets)).toEqual({ ok: true, endpoint: openai, apiKey: KEY });
  });
});
