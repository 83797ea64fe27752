/**
 * API keys, kept apart from the settings. Two stores share one interface:
 * - {@link createEncryptedSecretStore}: the desktop app. Keys are encrypted with an OS-backed
 *   cipher passed in (Electron's `safeStorage` has exactly this shape; this module imports no
 *   Electron) and stored as base64 ciphertext in `secrets.json`, never in plain text.
 * - {@link createEnvSecretStore} (memory-secrets.ts): the browser host and the CLI, from the
 *   environment or memory only.
 * Keys go from a store to the model client and nowhere else: nothing the renderer receives holds one.
 */
import type { Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import { join } from 'node:path';
import * as z from 'zod';
import { MiB } from '../../shared/limits';
import { jsonText, readJsonFile, writeFileAtomic, type FileProblem } from '../storage';
import { ENDPOINT_ID } from './schema';
import { SETTINGS_TEXT } from './text';

/** Stable codes of a secret operation that did not happen. */
export type SecretErrorCode = 'encryption_unavailable' | 'invalid' | 'write_failed';

/** The outcome of `set` and `delete`. */
export type SecretResult = { ok: true } | { ok: false; code: SecretErrorCode; message: string; text?: Text };

/** Where API keys live, by key id (an endpoint's `apiKeyRef`, normally the endpoint id). */
export interface SecretStore {
  /** True when keys survive a restart. */
  readonly persistent: boolean;
  /** The key, or null when none is kept (or it cannot be read: see `problems`). */
  get(id: string, signal?: AbortSignal): Promise<string | null>;
  /** True when a key is kept under `id`, without returning it. */
  has(id: string, signal?: AbortSignal): Promise<boolean>;
  set(id: string, key: string): Promise<SecretResult>;
  delete(id: string): Promise<SecretResult>;
  /** What went wrong reading stored keys (a damaged file, a key that no longer decrypts). */
  problems(): FileProblem[];
}

/** The part of Electron's `safeStorage` the encrypted store uses. */
export interface StringCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** The secrets file's name inside the user-data folder. */
export const SECRETS_FILE = 'secrets.json';

const SecretsFileSchema = z.object({
  version: z.literal(1),
  keys: z.record(z.string().regex(ENDPOINT_ID), z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/)),
});

/** Checks a key id and a key before they are kept. */
export function secretInputProblem(id: string, key?: string): SecretResult | null {
  if (!ENDPOINT_ID.test(id)) return { ok: false, code: 'invalid', ...said(SETTINGS_TEXT.badSecretId(id)) };
  if (key !== undefined && key.trim() === '') return { ok: false, code: 'invalid', ...said(SETTINGS_TEXT.emptyKey) };
  return null;
}

/**
 * Keys encrypted with `cipher` in `dir/secrets.json` (mode 0600, written atomically). Without
 * encryption (`isEncryptionAvailable()` false) nothing is written: `set` answers
 * `encryption_unavailable`. Operations run one at a time, so concurrent edits do not lose keys.
 */
export function createEncryptedSecretStore(dir: string, cipher: StringCipher): SecretStore {
  const path = join(dir, SECRETS_FILE);
  let cache: Map<string, string> | null = null;
  let problems: FileProblem[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  // One operation at a time: each read-modify-write sees the previous one's result.
  const serial = <T>(op: () => Promise<T>): Promise<T> => {
    const next = queue.then(op, op);
    queue = next.catch(() => undefined);
    return next;
  };

  async function load(signal?: AbortSignal): Promise<Map<string, string>> {
    if (cache) return cache;
    const read = await readJsonFile(path, SecretsFileSchema, 1 * MiB, signal);
    if (read.ok) cache = new Map(Object.entries(read.value.keys));
    else {
      if (read.problem.code !== 'missing') problems = [{ ...read.problem, ...said(SETTINGS_TEXT.secretsDamaged) }];
      cache = new Map();
    }
    return cache;
  }

  async function persist(keys: Map<string, string>): Promise<SecretResult> {
    const written = await writeFileAtomic(path, jsonText({ version: 1, keys: Object.fromEntries(keys) }), { mode: 0o600 });
    return written.ok ? { ok: true } : { ok: false, code: 'write_failed', message: written.problem.message, text: written.problem.text };
  }

  function decrypt(id: string, base64: string): string | null {
    try {
      return cipher.decryptString(Buffer.from(base64, 'base64'));
    } catch {
      const words = said(SETTINGS_TEXT.decryptFailed(id));
      if (!problems.some((p) => p.message === words.message)) problems.push({ path, code: 'corrupt', ...words });
      return null;
    }
  }

  return {
    persistent: true,
    get: (id, signal) => serial(async () => {
      const stored = (await load(signal)).get(id);
      return stored === undefined ? null : decrypt(id, stored);
    }),
    has: (id, signal) => serial(async () => (await load(signal)).has(id)),
    set: (id, key) => serial(async () => {
      const bad = secretInputProblem(id, key);
      if (bad) return bad;
      if (!cipher.isEncryptionAvailable()) return { ok: false, code: 'encryption_unavailable', ...said(SETTINGS_TEXT.encryptionUnavailable) };
      const keys = new Map(await load());
      keys.set(id, cipher.encryptString(key.trim()).toString('base64'));
      const saved = await persist(keys);
      if (saved.ok) cache = keys;
      return saved;
    }),
    delete: (id) => serial(async () => {
      const keys = new Map(await load());
      if (!keys.delete(id)) return { ok: true };
      const saved = await persist(keys);
      if (saved.ok) cache = keys;
      return saved;
    }),
    problems: () => [...problems],
  };
}
