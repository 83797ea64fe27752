/**
 * The settings file's shape (zod): model endpoints speaking OpenAI-compatible chat completions,
 * the chosen endpoint, every limit of docs/contract.md "Limits", and the hosts the network policy lets through.
 * API keys are never part of it: an endpoint names where its key is kept (`apiKeyRef`), and the
 * key itself lives in a {@link SecretStore}.
 */
import { ADDRESS_MASKING, DEFAULT_ADDRESS_MASKING, type AddressMasking } from '../../shared/address-masking';
import { parseAllowEntry } from '../../shared/allow-host';
import * as z from 'zod';
import { isMetadataAddress } from '../../shared/metadata-address';
import { DEFAULT_PROMPT_LANGUAGE, LANGUAGES, type Language } from '../../shared/i18n/languages';
import { DEFAULT_CONTEXT_LENGTH, DEFAULT_LIMITS, isRatioLimit, LIMIT_RANGES, type Limits } from '../../shared/limits';

/** The presets an endpoint can start from; `custom` is any other compatible server. */
export const PRESET_IDS = ['openai', 'anthropic', 'gemini', 'openrouter', 'ollama', 'lmstudio', 'vllm', 'llamacpp', 'custom'] as const;

/** One of {@link PRESET_IDS}. */
export type PresetId = (typeof PRESET_IDS)[number];

/** Ids of endpoints and of secrets: lowercase, digits and dashes, as file-safe keys. */
export const ENDPOINT_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The sentence for an endpoint at a link-local or cloud metadata address. */
const ENDPOINT_ADDRESS_REFUSED =
  'a link-local or cloud metadata address (169.254.x.x, fe80::, fd00:ec2::254) cannot be a model endpoint: it answers for the machine itself, and a key sent there could leak; use the address of the model server';

/** A base URL: http or https, no user name or password, no query or fragment. */
const BaseUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((text) => baseUrlProblem(text) === null || endpointAddressProblem(text) !== null, { message: 'must be a full http:// or https:// address, e.g. http://127.0.0.1:11434/v1' })
  .refine((text) => endpointAddressProblem(text) === null, { message: ENDPOINT_ADDRESS_REFUSED })
  // One spelling per endpoint: requests append `/chat/completions` to it.
  .transform((text) => text.replace(/\/+$/, ''));

/**
 * Why the address of `text` may not be a model endpoint (issue 26, finding 15), or null. A literal
 * link-local or cloud metadata address is refused (see shared/metadata-address.ts); loopback and
 * private addresses stay allowed: local model servers live there. A host name that resolves to one
 * is refused when the request connects (net/lookup.ts).
 */
export function endpointAddressProblem(text: string): string | null {
  let host: string;
  try {
    host = new URL(text.trim()).hostname;
  } catch {
    return null;
  }
  return isMetadataAddress(host) ? ENDPOINT_ADDRESS_REFUSED : null;
}

/** Why `text` is not a usable base URL, or null when it is. */
export function baseUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'not a valid address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http:// and https:// are supported';
  if (url.username !== '' || url.password !== '') return 'put the API key in its own field, not in the address';
  if (url.search !== '' || url.hash !== '') return 'the address must not have a query (?...) or a fragment (#...)';
  return endpointAddressProblem(text);
}

/** One model endpoint. */
export const EndpointSchema = z.object({
  id: z.string().regex(ENDPOINT_ID, 'use lowercase letters, digits and dashes'),
  name: z.string().trim().min(1).max(80),
  preset: z.enum(PRESET_IDS),
  baseUrl: BaseUrl,
  model: z.string().trim().min(1, 'name the model, e.g. gpt-4o-mini or llama3.2').max(200),
  /** Where the key is kept in the secret store; null when the server needs no key (local servers). */
  apiKeyRef: z.string().regex(ENDPOINT_ID).nullable(),
  /** The model's context length in tokens; the token limits are fractions of it. */
  contextLength: z.number().int().min(256).max(10_000_000),
  /** The model takes images: attached images are sent as image parts beside their text. */
  acceptsImages: z.boolean().default(false),
});

/** One model endpoint (no key in it). */
export type Endpoint = z.output<typeof EndpointSchema>;

/** One limit within its range of `LIMIT_RANGES` (shared with the Settings view). */
const limit = (key: keyof Limits) => {
  const { min, max } = LIMIT_RANGES[key];
  return isRatioLimit(key) ? z.number().min(min).max(max) : z.number().int().min(min).max(max);
};

/** Every limit of docs/contract.md "Limits", each within a range that keeps the app usable. */
export const LimitsSchema = z
  .object({
    maxReferences: limit('maxReferences'),
    maxReferenceBytes: limit('maxReferenceBytes'),
    maxTotalBytes: limit('maxTotalBytes'),
    softTokenRatio: limit('softTokenRatio'),
    hardTokenRatio: limit('hardTokenRatio'),
    maxFolderEntries: limit('maxFolderEntries'),
    maxGitCommits: limit('maxGitCommits'),
    gitTimeoutMs: limit('gitTimeoutMs'),
    urlTimeoutMs: limit('urlTimeoutMs'),
    folderTimeoutMs: limit('folderTimeoutMs'),
    documentTimeoutMs: limit('documentTimeoutMs'),
    maxUrlBytes: limit('maxUrlBytes'),
  })
  .refine((l) => l.softTokenRatio <= l.hardTokenRatio, { message: 'the soft token limit must not be above the hard one', path: ['softTokenRatio'] });

/** Workspaces that may have their own allowed hosts at most. */
export const MAX_WORKSPACE_HOST_LISTS = 200;

/** A list of allowed hosts, each in the one syntax of src/shared/allow-host.ts. */
const HostListSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(300)
      .refine((e) => parseAllowEntry(e) !== null, { message: 'is not HOST or HOST:PORT' }),
  )
  .max(100);

/** The whole settings file. */
export const SettingsSchema = z
  .object({
    version: z.literal(1),
    endpoints: z.array(EndpointSchema).max(50),
    /** The endpoint Send uses; null when none is chosen (compose, preview, copy and export still work). */
    chosenEndpointId: z.string().nullable(),
    limits: LimitsSchema,
    /** `HOST` or `HOST:PORT` entries `@url` may reach although they are not public, in every workspace. */
    allowHosts: HostListSchema,
    /**
     * More entries for one workspace each, by the workspace's absolute path. Kept here, never in the
     * workspace: a folder someone else made must not widen what its own `@url`s may reach.
     */
    workspaceAllowHosts: z
      .record(z.string().min(1).max(4096), HostListSchema)
      .default({})
      .refine((r) => Object.keys(r).length <= MAX_WORKSPACE_HOST_LISTS, { message: `at most ${MAX_WORKSPACE_HOST_LISTS} workspaces may have their own allowed hosts` }),
    /** The UI's language: `system` follows the operating system (or the browser). */
    language: z.enum(['system', ...LANGUAGES]).default('system'),
    /** The language of the warnings written into the prompt itself (models read English best). */
    promptLanguage: z.enum(LANGUAGES).default(DEFAULT_PROMPT_LANGUAGE),
    /** When email addresses are masked: in exports only (default), always, or never. */
    maskAddresses: z.enum(ADDRESS_MASKING).default(DEFAULT_ADDRESS_MASKING),
  })
  .refine((s) => new Set(s.endpoints.map((e) => e.id)).size === s.endpoints.length, { message: 'two endpoints share an id', path: ['endpoints'] })
  .refine((s) => s.chosenEndpointId === null || s.endpoints.some((e) => e.id === s.chosenEndpointId), {
    message: 'the chosen endpoint does not exist',
    path: ['chosenEndpointId'],
  });

/** The settings (validated). */
export type Settings = z.output<typeof SettingsSchema>;

/** Settings before anything is configured: no endpoint, the limits of docs/contract.md "Limits". */
export function defaultSettings(): Settings {
  return { version: 1, endpoints: [], chosenEndpointId: null, limits: { ...DEFAULT_LIMITS } as Limits, allowHosts: [], workspaceAllowHosts: {}, language: 'system', promptLanguage: DEFAULT_PROMPT_LANGUAGE, maskAddresses: DEFAULT_ADDRESS_MASKING };
}

/** The endpoint Send would use, or null. */
export function chosenEndpoint(settings: Settings): Endpoint | null {
  return settings.endpoints.find((e) => e.id === settings.chosenEndpointId) ?? null;
}

/** What the engine needs from the settings: `createEngine({workspace, ...engineOptionsFrom(s)})`. */
export function engineOptionsFrom(
  settings: Settings,
): {
  contextLength: number;
  limits: Limits;
  allowHosts: string[];
  workspaceAllowHosts: Record<string, string[]>;
  promptLanguage: Language;
  maskAddresses: AddressMasking;
  imagesSent: boolean;
} {
  const endpoint = chosenEndpoint(settings);
  return {
    contextLength: endpoint?.contextLength ?? DEFAULT_CONTEXT_LENGTH,
    limits: { ...settings.limits },
    allowHosts: [...settings.allowHosts],
    workspaceAllowHosts: structuredClone(settings.workspaceAllowHosts),
    promptLanguage: settings.promptLanguage,
    maskAddresses: settings.maskAddresses,
    imagesSent: endpoint?.acceptsImages ?? false,
  };
}
