/**
 * Starting points for the servers people run most: each preset fills the base URL, a suggested
 * model and context length, and whether the server wants an API key. The person can change every
 * field afterwards; the preset id stays on the endpoint only to show where it came from.
 */
import type { Endpoint, PresetId } from './schema';

/** One preset as the settings view offers it. */
export interface EndpointPreset {
  id: PresetId;
  name: string;
  baseUrl: string;
  /** A model name to start from; local servers list what is actually installed. */
  model: string;
  contextLength: number;
  /** True when the server refuses requests without a key. */
  needsApiKey: boolean;
}

/** The presets, in the order the settings view lists them. */
export const ENDPOINT_PRESETS: readonly EndpointPreset[] = Object.freeze([
  { id: 'openai', name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', contextLength: 128_000, needsApiKey: true },
  // Anthropic and Google answer OpenAI's chat completions at these addresses (their compatibility layers).
  { id: 'anthropic', name: 'Anthropic', baseUrl: 'https://api.anthropic.com/v1', model: 'claude-sonnet-4-5', contextLength: 200_000, needsApiKey: true },
  { id: 'gemini', name: 'Google Gemini', baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai', model: 'gemini-2.5-flash', contextLength: 1_048_576, needsApiKey: true },
  { id: 'openrouter', name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4o-mini', contextLength: 128_000, needsApiKey: true },
  { id: 'ollama', name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2', contextLength: 8192, needsApiKey: false },
  { id: 'lmstudio', name: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', model: 'local-model', contextLength: 8192, needsApiKey: false },
  { id: 'vllm', name: 'vLLM', baseUrl: 'http://127.0.0.1:8000/v1', model: 'default', contextLength: 8192, needsApiKey: false },
  { id: 'llamacpp', name: 'llama.cpp server', baseUrl: 'http://127.0.0.1:8080/v1', model: 'default', contextLength: 8192, needsApiKey: false },
  { id: 'custom', name: 'Other compatible server', baseUrl: 'http://127.0.0.1:8000/v1', model: 'default', contextLength: 8192, needsApiKey: false },
]);

/** The preset with `id`. */
export function presetById(id: PresetId): EndpointPreset {
  return ENDPOINT_PRESETS.find((p) => p.id === id) ?? (ENDPOINT_PRESETS.at(-1) as EndpointPreset);
}

/**
 * A new endpoint from a preset, with a fresh id not in `takenIds` (`openai`, `openai-2`, ...).
 * Its key, when the preset needs one, is kept under the endpoint's own id.
 */
export function endpointFromPreset(presetId: PresetId, takenIds: Iterable<string> = [], overrides: Partial<Omit<Endpoint, 'id' | 'preset'>> = {}): Endpoint {
  const preset = presetById(presetId);
  const taken = new Set(takenIds);
  let id: string = preset.id;
  for (let n = 2; taken.has(id); n += 1) id = `${preset.id}-${n}`;
  return {
    id,
    name: preset.name,
    preset: preset.id,
    baseUrl: preset.baseUrl,
    model: preset.model,
    apiKeyRef: preset.needsApiKey ? id : null,
    contextLength: preset.contextLength,
    // Off for every preset: the person says the model they chose takes images (Settings).
    acceptsImages: false,
    ...overrides,
  };
}
