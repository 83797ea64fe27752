import type { AddressMasking } from '../address-masking';
import type { Language, LanguageChoice } from '../i18n/languages';
import type { Text } from '../i18n/text';
/**
 * The plain values Send, settings and the history carry across the renderer/main boundary. Runs are
 * the session records themselves (src/shared/session-records.ts); settings mirror the main process's
 * (src/main/settings) field for field, and the services assign those to these types, so the compiler
 * catches any drift. No key ever
 * appears here: an endpoint says only whether one is kept (`hasApiKey`).
 */
import type { Citation, RunRecord, RunStatus, RunSummary } from '../session-records';
import type { Limits } from '../limits';

/** Where an endpoint's settings came from. */
export type EndpointPresetId = 'openai' | 'anthropic' | 'gemini' | 'openrouter' | 'ollama' | 'lmstudio' | 'vllm' | 'llamacpp' | 'custom';

/** One model endpoint (OpenAI-compatible chat completions), without its key. */
export interface EndpointView {
  id: string;
  name: string;
  preset: EndpointPresetId;
  baseUrl: string;
  model: string;
  /** Where its key is kept; null when the server needs none. */
  apiKeyRef: string | null;
  contextLength: number;
  /** The model takes images: attached images are sent as image parts beside their text. */
  acceptsImages?: boolean;
}

/** An endpoint as the settings view shows it. */
export interface PublicEndpointView extends EndpointView {
  /** True when a key is kept for it (in the encrypted store, memory or the environment). */
  hasApiKey: boolean;
}

/** A preset the settings view offers. */
export interface EndpointPresetView {
  id: EndpointPresetId;
  name: string;
  baseUrl: string;
  model: string;
  contextLength: number;
  needsApiKey: boolean;
}

/** The settings as the renderer sees them. */
export interface SettingsView {
  endpoints: PublicEndpointView[];
  chosenEndpointId: string | null;
  limits: Limits;
  allowHosts: string[];
  /** Each workspace's own allowed hosts, by its absolute path (added to `allowHosts` there). */
  workspaceAllowHosts: Record<string, string[]>;
  /** The UI's language choice (`system` follows the system) and the language of warnings in the prompt. */
  language: LanguageChoice;
  promptLanguage: Language;
  /** When email addresses are masked (src/shared/address-masking.ts). */
  maskAddresses: AddressMasking;
  presets: readonly EndpointPresetView[];
  /** False in the browser host: keys typed there last until it stops (or come from the environment). */
  keysPersist: boolean;
  /** Sentences about damaged settings or key files. */
  problems: Array<{ message: string; text?: Text }>;
}

/** Settings as the settings view saves them (validated again in main). */
export interface SettingsInput {
  endpoints: EndpointView[];
  chosenEndpointId: string | null;
  limits: Limits;
  allowHosts: string[];
  /** Left out: kept as they are. */
  workspaceAllowHosts?: Record<string, string[]>;
  language?: LanguageChoice;
  promptLanguage?: Language;
  maskAddresses?: AddressMasking;
}

/** Where a run stands. */
export type RunStatusView = RunStatus;

/** One reference's citation metadata as stored with its run. */
export type CitationView = Citation;

/** One run, exactly as stored: the message, the expanded message as sent, citations, warnings, reply, timings, usage. */
export type RunView = RunRecord;

/** A run as the history list shows it. */
export type RunSummaryView = RunSummary;

/** One session as the history list shows it. */
export interface SessionSummaryView {
  id: string;
  title: string | null;
  createdAt: string;
  updatedAt: string;
  runCount: number;
}

/** The history: every session, which one is current, and files that were skipped as damaged. */
export interface SessionListView {
  currentId: string | null;
  sessions: SessionSummaryView[];
  problems: Array<{ message: string; text?: Text }>;
}

/** What Send answers once the run is recorded (however the reply ended). */
export interface SendAnswer {
  run: RunView;
  /** Why the reply did not finish (`stopped`, `model_error`, `save_failed`); null when it did. */
  error: { code: string; message: string; text?: Text } | null;
}

/** The draft as main kept it. */
export interface DraftView {
  text: string;
  workspace: string | null;
  savedAt: string;
}

/** A streamed Send's progress: the run once recorded, then each piece of reply text. */
export type SendProgress = { requestId: string; type: 'run'; run: RunView } | { requestId: string; type: 'delta'; runId: string; text: string };
