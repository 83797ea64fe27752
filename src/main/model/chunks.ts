/**
 * Reads one chat completion chunk (a streamed `data:` event) or a whole non-streamed completion
 * into the running state: text, usage, finish reason, model, and any error the server reported
 * inside the stream. A chunk that is not JSON, or not an object, makes the stream malformed.
 */
import { modelError, oneLine, type ModelError } from './errors';

/** Token usage as the server reported it. */
export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** What has been read of a reply so far. */
export interface ChunkState {
  /** The endpoint's name, for messages. */
  name: string;
  /** The reply so far; stays empty when `keepText` is false (the caller stores each piece itself). */
  text: string;
  keepText: boolean;
  usage: ChatUsage | null;
  finishReason: string | null;
  model: string | null;
  /** `data: [DONE]` was seen. */
  done: boolean;
  error: ModelError | null;
  firstDeltaAt: Date | null;
  /** Data events read. */
  events: number;
}

/** A fresh state for the endpoint called `name`; `keepText` false leaves the text to `onDelta` alone. */
export function emptyChunkState(name: string, keepText = true): ChunkState {
  return { name, text: '', keepText, usage: null, finishReason: null, model: null, done: false, error: null, firstDeltaAt: null, events: 0 };
}

/** Applies one event's data (or a whole JSON completion) to `state`. */
export function readCompletionChunk(data: string, state: ChunkState, now: () => Date, onDelta?: (text: string) => void): void {
  if (state.done || state.error) return; // nothing after [DONE] or an error counts
  state.events += 1;
  if (data.trim() === '[DONE]') {
    state.done = true;
    return;
  }
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    state.error = modelError('malformed_stream', state.name, `not JSON: ${clip(data)}`);
    return;
  }
  if (!isRecord(json)) {
    state.error = modelError('malformed_stream', state.name, `unexpected data: ${clip(data)}`);
    return;
  }
  if (json.error !== undefined && json.error !== null) {
    const e = json.error;
    const said = typeof e === 'string' ? e : isRecord(e) && typeof e.message === 'string' ? e.message : 'no details';
    state.error = { ...modelError('server_error', state.name, clip(said)), serverMessage: clip(said) };
    return;
  }
  if (typeof json.model === 'string') state.model = json.model;
  const usage = readUsage(json.usage);
  if (usage) state.usage = usage;
  const choice = Array.isArray(json.choices) ? json.choices[0] : undefined;
  if (!isRecord(choice)) return; // the usage chunk has no choices
  if (typeof choice.finish_reason === 'string') state.finishReason = choice.finish_reason;
  // Streamed chunks carry `delta`; a server that ignored `stream: true` sends one `message`.
  const part = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : null;
  const content = part?.content;
  if (typeof content === 'string' && content !== '') {
    state.firstDeltaAt ??= now();
    if (state.keepText) state.text += content;
    onDelta?.(content);
  }
}

function readUsage(raw: unknown): ChatUsage | null {
  if (!isRecord(raw)) return null;
  const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  const promptTokens = n(raw.prompt_tokens);
  const completionTokens = n(raw.completion_tokens);
  return { promptTokens, completionTokens, totalTokens: n(raw.total_tokens) || promptTokens + completionTokens };
}

function clip(text: string): string {
  return oneLine(text, 120);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
