/**
 * The client for model endpoints: one streamed chat completion (OpenAI-compatible
 * `POST {baseUrl}/chat/completions` with `stream: true`), over undici through the network policy.
 *
 * The endpoint the person configured is the only host reached: the policy allows exactly its
 * `host:port` (so a local server on loopback works because the person named it) and redirects are
 * not followed. Text deltas go to `onDelta` as they arrive; usage is asked for with
 * `stream_options.include_usage` and is null when the server ignores that. Stop (the signal), a
 * stall (no bytes for `idleTimeoutMs`), HTTP errors, broken or unfinished streams all resolve as
 * `{ok: false, error}` with a stable code, together with the text received so far.
 */
import { guardedFetch, allowEntryFor, type LookupFn } from '../net';
import { fromNetError, httpError, modelError, serverMessageOf, type ModelError } from './errors';
import { createSseDecoder } from './sse';
import { emptyChunkState, readCompletionChunk, type ChatUsage } from './chunks';

/** Where to send: the endpoint's fields plus its key (from the secret store), never logged. */
export interface ChatEndpoint {
  /** The endpoint's name as the person gave it, for messages. */
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string | null;
}

/** One part of a message with images (OpenAI's content parts). */
export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail: 'high' } };

/** One message of the conversation sent: text, or text and images as content parts. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ChatContentPart[];
}

/** Options of {@link streamChat}. */
export interface StreamChatOptions {
  endpoint: ChatEndpoint;
  messages: readonly ChatMessage[];
  /** Stop: aborts the request; the outcome is `stopped` with the text so far. */
  signal?: AbortSignal;
  /** Each piece of reply text as it arrives. */
  onDelta?: (text: string) => void;
  /** A stream silent this long fails as `stalled`. Default 60 s (local servers may load a model first). */
  idleTimeoutMs?: number;
  /** The whole exchange may take this long. Default 30 min. */
  maxDurationMs?: number;
  /** Bytes of the response read at most. Default 32 MiB. */
  maxBytes?: number;
  /** Host name resolver (tests). Default: the OS resolver. */
  lookup?: LookupFn;
  /** Clock for `firstDeltaAt`. */
  now?: () => Date;
  /**
   * Keep the reply text in the outcome. Default true. False when `onDelta` stores each piece
   * itself (Send appends them to the session): the outcome's `text` is then empty, and a long
   * reply is not held in memory a second time.
   */
  keepText?: boolean;
}

/** What a finished (or failed) chat completion gives back. */
export interface ChatOutcomeBase {
  /** The reply text received (all of it, or what arrived before the failure); empty with `keepText: false`. */
  text: string;
  usage: ChatUsage | null;
  /** `stop`, `length`, ... as the server said; null when it did not. */
  finishReason: string | null;
  /** The model the server says answered. */
  model: string | null;
  /** When the first text arrived; null when none did. */
  firstDeltaAt: Date | null;
  /** The exact JSON body sent (for the run record and for tests). */
  requestBody: string;
}

/** Success, or a failure with its error (and the partial reply). */
export type ChatOutcome = ({ ok: true } & ChatOutcomeBase) | ({ ok: false; error: ModelError } & ChatOutcomeBase);

/** The exact request body for `messages` on `model`; usage is asked for unless `includeUsage` is false. */
export function chatRequestBody(model: string, messages: readonly ChatMessage[], includeUsage = true): string {
  return JSON.stringify(includeUsage ? { model, messages, stream: true, stream_options: { include_usage: true } } : { model, messages, stream: true });
}

/**
 * Streams one chat completion. Never throws for network or server trouble. A server that rejects
 * `stream_options` (some older compatible servers answer 400 naming it) is asked once more
 * without it.
 */
export async function streamChat(options: StreamChatOptions): Promise<ChatOutcome> {
  const first = await streamOnce(options, true);
  if (first.ok || first.error.code !== 'bad_request' || first.firstDeltaAt !== null) return first;
  return /stream_options|include_usage/i.test(first.error.serverMessage ?? '') ? streamOnce(options, false) : first;
}

/** Bytes of a streamed body kept for an error message (a server's error is a short JSON or a page). */
const ERROR_HEAD_BYTES = 64 * 1024;

async function streamOnce(options: StreamChatOptions, includeUsage: boolean): Promise<ChatOutcome> {
  const { endpoint } = options;
  const now = options.now ?? (() => new Date());
  const requestBody = chatRequestBody(endpoint.model, options.messages, includeUsage);
  const state = emptyChunkState(endpoint.name, options.keepText ?? true);
  const base = (): ChatOutcomeBase => ({ text: state.text, usage: state.usage, finishReason: state.finishReason, model: state.model, firstDeltaAt: state.firstDeltaAt, requestBody });
  const failed = (error: ModelError): ChatOutcome => ({ ok: false, error, ...base() });

  let url: URL;
  try {
    url = new URL(`${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  } catch {
    return failed(modelError('invalid_endpoint', endpoint.name, endpoint.baseUrl));
  }

  const idleMs = options.idleTimeoutMs ?? 60_000;
  const internal = new AbortController();
  let stalled = false;
  let timer: NodeJS.Timeout | undefined;
  const touch = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      internal.abort();
    }, idleMs);
  };
  const signal = options.signal ? AbortSignal.any([options.signal, internal.signal]) : internal.signal;

  // The first non-blank byte tells a JSON body (an error, or a server that ignored `stream`) from SSE.
  const kind: { mode: 'unknown' | 'sse' | 'json' } = { mode: 'unknown' };
  // Only a JSON body is collected whole (it is parsed at the end); SSE is handed on event by event,
  // and the fetch keeps just a head of the body for an error message.
  const json: Buffer[] = [];
  const decoder = createSseDecoder((data) => {
    readCompletionChunk(data, state, now, options.onDelta);
    if (state.error) internal.abort();
  });
  const onChunk = (chunk: Uint8Array): void => {
    touch();
    if (kind.mode === 'unknown') kind.mode = sniff(chunk) ?? 'unknown';
    if (kind.mode === 'sse') decoder.push(chunk);
    else if (kind.mode === 'json') json.push(Buffer.from(chunk));
  };

  touch();
  const fetched = await guardedFetch(url, {
    policy: { allowHosts: [allowEntryFor(url)], ...(options.lookup ? { lookup: options.lookup } : {}) },
    signal,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream, application/json',
      // Uncompressed, so each event is handed on the moment it arrives.
      'accept-encoding': 'identity',
      ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
    body: requestBody,
    timeoutMs: options.maxDurationMs ?? 30 * 60_000,
    maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
    maxRedirects: 0,
    onChunk,
    keepBytes: ERROR_HEAD_BYTES,
  }).finally(() => clearTimeout(timer));

  if (state.error) return failed(state.error);
  if (!fetched.ok) {
    const started = state.events > 0;
    return failed(fromNetError(fetched.error, endpoint.name, { stalledMs: stalled ? idleMs : null, stopped: options.signal?.aborted ?? false, started }));
  }
  const { status } = fetched.response;
  const body: Buffer = kind.mode === 'json' ? Buffer.concat(json) : Buffer.from(fetched.response.body);
  json.length = 0;
  if (status < 200 || status > 299) return failed(httpError(status, endpoint.name, serverMessageOf(body)));
  if (kind.mode === 'json') {
    readCompletionChunk(body.toString('utf8'), state, now, options.onDelta);
    return state.error ? failed(state.error) : { ok: true, ...base() };
  }
  decoder.end();
  if (state.error) return failed(state.error);
  // A server that said why it finished has finished, even if it forgot `[DONE]`; otherwise the
  // stream was cut short.
  if (!state.done && state.finishReason === null) {
    return failed(state.events === 0 ? modelError('malformed_stream', endpoint.name, 'no events') : modelError('incomplete_stream', endpoint.name));
  }
  return { ok: true, ...base() };

}

function sniff(chunk: Uint8Array): 'sse' | 'json' | null {
  for (const byte of chunk) {
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
    return byte === 0x7b || byte === 0x5b ? 'json' : 'sse';
  }
  return null;
}
