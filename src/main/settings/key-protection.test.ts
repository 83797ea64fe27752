import { describe, expect, it } from 'vitest';
import { judgeKeyProtection, unprotectedSecretStore } from './key-protection';

describe('whether API keys can be protected at rest', () => {
  it.each([
    ['darwin', true, null, { store: 'encrypted' }],
    ['win32', true, null, { store: 'encrypted' }],
    ['linux', true, 'gnome_libsecret', { store: 'encrypted' }],
    ['linux', true, 'kwallet5', { store: 'encrypted' }],
    ['linux', true, 'basic_text', { store: 'memory', reason: 'plain_text_backend' }],
    ['linux', true, 'unknown', { store: 'memory', reason: 'plain_text_backend' }],
    ['linux', true, null, { store: 'memory', reason: 'plain_text_backend' }],
    ['linux', false, 'gnome_libsecret', { store: 'memory', reason: 'unavailable' }],
    ['darwin', false, null, { store: 'memory', reason: 'unavailable' }],
  ] as const)('%s, available %s, backend %s', (platform, available, backend, expected) => {
    expect(judgeKeyProtection(platform, available, backend)).toEqual(expected);
  });

  it('keeps keys in memory only, and says why in the store problems that Settings shows', async () => {
    const store = unprotectedSecretStore('plain_text_backend', {});
    expect(store.persistent).toBe(false);
    expect(await store.set('local', 'sk-test')).toEqual({ ok: true });
    expect(await store.get('local')).toBe('sk-test');
    expect(store.problems().map((p) => p.message).join(' ')).toMatch(/not saved on this computer.*keyring/);
  });
});
