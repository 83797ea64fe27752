/**
 * The plain values Send, settings and the history carry across the renderer/main boundary. They
 * mirror the main process's records (src/main/settings, src/main/sessions) field for field; the
 * services assign those records to these types, so the compiler catches any drift. No key ever
 * appears here: an endpoint says only whether one is kept (`hasApiKey`).
 */
import type { ExpandedReference } from '../expansion';
import type { Limits } from '../limits';
import type { Warning } from '../warnings';

/** Where an endpoint's settings came from. */
export type EndpointPresetId = 'openai' | 'ollama' | 'lmstudio' | 'vllm' | 'llamacpp' | 'custom';

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
  presets: readonly EndpointPresetView[];
  /** False in the browser host: keys typed there last until it stops (or come from the environment). */
  keysPersist: boolean;
  /** Sentences about damaged settings or key files. */
  problems: string[];
}

/** Settings as the settings view saves them (validated again in main). */
export interface SettingsInput {
  endpoints: EndpointView[];
  chosenEndpointId: string | null;
  limits: Limits;
  allowHosts: string[];
}

/** Where a run stands (see src/main/sessions/records.ts). */
export type RunStatusView = 'expanded' | 'running' | 'interrupted' | 'done' | 'stopped' | 'failed';

/** One reference's citation metadata as stored with its run. */
export type CitationView = Omit<ExpandedReference, 'block'> & { resultId: string | null };

/** One run: the message, the expanded message as sent, citations, warnings, reply, timings, usage. */
export interface RunView {
  version: 1;
  id: string;
  sessionId: string;
  number: number;
  status: RunStatusView;
  workspace: string;
  message: string;
  expandedMessage: string;
  tokens: number;
  attachedTokens: number;
  attachedBytes: number;
  softTokenLimit: number;
  hardTokenLimit: number;
  contextLength: number;
  references: CitationView[];
  warnings: Warning[];
  endpoint: { id: string; name: string; baseUrl: string; model: string } | null;
  reply: string;
  replyResultId: string | null;
  finishReason: string | null;
  timings: { startedAt: string; firstTokenAt: string | null; finishedAt: string | null };
  usage: { promptTokens: number; completionTokens: number; totalTokens: number } | null;
  error: { code: string; message: string } | null;
}

/** A run as the history list shows it. */
export interface RunSummaryView {
  id: string;
  number: number;
  status: RunStatusView;
  title: string;
  startedAt: string;
  finishedAt: string | null;
  model: string | null;
  references: number;
  attached: number;
  warnings: number;
  replyPreview: string;
  error: { code: string; message: string } | null;
}

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
  problems: string[];
}

/** What Send answers once the run is recorded (however the reply ended). */
export interface SendAnswer {
  run: RunView;
  /** Why the reply did not finish (`stopped`, `model_error`, `save_failed`); null when it did. */
  error: { code: string; message: string } | null;
}

/** The draft as main kept it. */
export interface DraftView {
  text: string;
  workspace: string | null;
  savedAt: string;
}

/** A streamed Send's progress: the run once recorded, then each piece of reply text. */
export type SendProgress = { requestId: string; type: 'run'; run: RunView } | { requestId: string; type: 'delta'; runId: string; text: string };
