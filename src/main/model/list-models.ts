/**
 * The models a server offers, for the window's model picker: `GET {baseUrl}/models`, which OpenAI,
 * Ollama, LM Studio, vLLM, llama.cpp and OpenRouter answer with `{data: [{id}]}` (Ollama's own API
 * answers `{models: [{name}]}` at another path, read here too in case a base URL points at it).
 * The request goes through the same guarded fetch as Send, to the endpoint's own host only, with a
 * short deadline: a server that does not list its models simply adds none to the picker.
 */
import { guardedFetch, allowEntryFor } from '../net';
import { isLiteralLoopback, loopbackGet } from './loopback-probe';

/** Models listed at most (a hosted catalogue can hold hundreds). */
const MAX_MODELS = 300;

/** The ids in a `/models` answer, sorted; [] for anything else. */
export function modelIdsOf(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const list = (parsed as { data?: unknown; models?: unknown } | null) ?? {};
  const rows = Array.isArray(list.data) ? list.data : Array.isArray(list.models) ? list.models : [];
  const ids = rows
    .map((row: unknown) => (row && typeof row === 'object' ? ((row as { id?: unknown }).id ?? (row as { name?: unknown }).name) : undefined))
    .filter((id: unknown): id is string => typeof id === 'string' && id.trim() !== '' && id.length <= 200);
  return [...new Set(ids)].sort((a, b) => a.localeCompare(b)).slice(0, MAX_MODELS);
}

/** The models `baseUrl` lists, or [] when it lists none (or cannot be reached within `timeoutMs`). */
export async function listModels(baseUrl: string, apiKey: string | null, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<string[]> {
  let url: URL;
  try {
    url = new URL(`${baseUrl.replace(/\/+$/, '')}/models`);
  } catch {
    return [];
  }
  const fetched = await guardedFetch(url, {
    policy: { allowHosts: [allowEntryFor(url)] },
    ...(options.signal ? { signal: options.signal } : {}),
    headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    timeoutMs: options.timeoutMs ?? 5000,
    maxBytes: LIST_MAX_BYTES,
    maxRedirects: 0,
  });
  if (!fetched.ok || fetched.response.status !== 200) return [];
  return modelIdsOf(Buffer.from(fetched.response.body).toString('utf8'));
}

/** How long the first run waits for a local server's list. */
const LOCAL_TIMEOUT_MS = 1500;
/** Largest list read (as for any endpoint). */
const LIST_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The local presets' servers that answer now, each with its models; one short request each, at
 * once. `presets` defaults to Ollama's and LM Studio's usual addresses, which are asked without
 * loading the network stack (loopback-probe.ts); another address goes through {@link listModels}.
 */
export async function localServers(presets: ReadonlyArray<{ id: string; baseUrl: string }> = LOCAL_PRESETS, timeoutMs = LOCAL_TIMEOUT_MS): Promise<Array<{ presetId: string; models: string[] }>> {
  const answers = await Promise.all(presets.map(async (p) => ({ presetId: p.id, models: await localModels(p.baseUrl, timeoutMs) })));
  return answers.filter((a) => a.models.length > 0);
}

async function localModels(baseUrl: string, timeoutMs: number): Promise<string[]> {
  let url: URL;
  try {
    url = new URL(`${baseUrl.replace(/\/+$/, '')}/models`);
  } catch {
    return [];
  }
  if (!isLiteralLoopback(url)) return listModels(baseUrl, null, { timeoutMs });
  const body = await loopbackGet(url, { timeoutMs, maxBytes: LIST_MAX_BYTES });
  return body === null ? [] : modelIdsOf(body);
}

/** The local servers the first run offers when they answer (the presets' addresses). */
const LOCAL_PRESETS = [
  { id: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' },
  { id: 'lmstudio', baseUrl: 'http://127.0.0.1:1234/v1' },
];
