/**
 * The secret store of the browser host and the CLI: keys typed in this run stay in memory only,
 * and otherwise come from the environment. Nothing is ever written to disk.
 */
import type { SecretStore } from './secrets';
import { secretInputProblem } from './secrets';

/** Options of {@link createEnvSecretStore}. */
export interface EnvSecretStoreOptions {
  /** The environment to read. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The variables that may hold the key with id `id`, first match wins:
 * `ATMARK_API_KEY_<ID>` (upper case, dashes as underscores), then `ATMARK_API_KEY`, and for the
 * id `openai` also `OPENAI_API_KEY`. OpenAI's own variable is read only for an endpoint kept under
 * `openai`, so an OpenAI key is not sent to another server by accident.
 */
export function envNamesFor(id: string): string[] {
  const names = [`ATMARK_API_KEY_${id.toUpperCase().replace(/-/g, '_')}`, 'ATMARK_API_KEY'];
  if (id === 'openai') names.push('OPENAI_API_KEY');
  return names;
}

/** Keys from memory (set in this run) or from the environment (see {@link envNamesFor}). */
export function createEnvSecretStore(options: EnvSecretStoreOptions = {}): SecretStore {
  const env = options.env ?? process.env;
  const memory = new Map<string, string>();
  const fromEnv = (id: string): string | null => {
    for (const name of envNamesFor(id)) {
      const value = env[name]?.trim();
      if (value) return value;
    }
    return null;
  };
  const get = async (id: string): Promise<string | null> => memory.get(id) ?? fromEnv(id);
  return {
    persistent: false,
    get,
    has: async (id) => (await get(id)) !== null,
    set: async (id, key) => {
      const bad = secretInputProblem(id, key);
      if (bad) return bad;
      memory.set(id, key.trim());
      return { ok: true };
    },
    delete: async (id) => {
      memory.delete(id);
      return { ok: true };
    },
    problems: () => [],
  };
}
