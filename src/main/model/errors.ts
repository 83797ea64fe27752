/**
 * Every way a chat completion can fail, as a stable code and a sentence that says what happened in
 * the person's terms and what to do. The sentences live here, in one place.
 */
import { text, type MessageKey, type Text, type TextParam } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import type { NetError } from '../net';

/** Stable codes of a failed chat completion. */
export type ModelErrorCode =
  | 'stopped'
  | 'stalled'
  | 'timeout'
  | 'invalid_endpoint'
  | 'dns_failed'
  | 'connection_failed'
  | 'redirected'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'server_error'
  | 'http_error'
  | 'malformed_stream'
  | 'incomplete_stream'
  | 'too_large';

/** One failure of the model client. */
export interface ModelError {
  code: ModelErrorCode;
  /** The sentence for the person, in English. */
  message: string;
  /** The same sentence as a catalogue text. */
  text: Text;
  /** The HTTP status, for errors the server answered. */
  status?: number;
  /** The server's own explanation, from its JSON error body, when it gave one. */
  serverMessage?: string;
}

/** Builds a {@link ModelError}. `name` is the endpoint's name as the person gave it. */
export function modelError(code: ModelErrorCode, name: string, detail: string | Text = ''): ModelError {
  return { code, ...said(sentence(code, name, detail)) };
}

const KEYS: Readonly<Record<ModelErrorCode, MessageKey>> = {
  stopped: 'model.stopped',
  stalled: 'model.stalled',
  timeout: 'model.timeout',
  invalid_endpoint: 'model.invalidEndpoint',
  dns_failed: 'model.dnsFailed',
  connection_failed: 'model.connectionFailed',
  redirected: 'model.redirected',
  unauthorized: 'model.unauthorized',
  forbidden: 'model.forbidden',
  not_found: 'model.notFound',
  bad_request: 'model.badRequest',
  rate_limited: 'model.rateLimited',
  server_error: 'model.serverError',
  http_error: 'model.httpError',
  malformed_stream: 'model.malformedStream',
  incomplete_stream: 'model.incompleteStream',
  too_large: 'model.tooLarge',
};

function sentence(code: ModelErrorCode, name: string, detail: string | Text): Text {
  const d: TextParam = detail === '' ? '' : text('model.detail', { detail });
  return text(KEYS[code], { name, d });
}

/** The error for an HTTP status the server answered, with its own explanation when it gave one. */
export function httpError(status: number, name: string, serverMessage: string | null): ModelError {
  const code: ModelErrorCode =
    status === 401
      ? 'unauthorized'
      : status === 403
        ? 'forbidden'
        : status === 404
          ? 'not_found'
          : status === 429
            ? 'rate_limited'
            : status === 400 || status === 413 || status === 422
              ? 'bad_request'
              : status >= 500
                ? 'server_error'
                : 'http_error';
  const detail = serverMessage ? `${status}: ${serverMessage}` : `HTTP ${status}`;
  const error = modelError(code, name, detail);
  return serverMessage ? { ...error, status, serverMessage } : { ...error, status };
}

/** Maps a failure of the guarded fetch; `context` says which of our own aborts fired, if any. */
export function fromNetError(err: NetError, name: string, context: { stalledMs: number | null; stopped: boolean; started: boolean }): ModelError {
  if (context.stalledMs !== null) return modelError('stalled', name, text('model.stalledDetail', { seconds: Math.round(context.stalledMs / 1000) }));
  if (context.stopped || err.code === 'aborted') return modelError('stopped', name);
  switch (err.code) {
    case 'timeout':
      return modelError('timeout', name, err.message.match(/more than ([^)]+)/)?.[1] ?? '');
    case 'metadata_address':
      return modelError('invalid_endpoint', name, text('model.metadataDetail', { host: new URL(err.url).hostname, address: err.address ?? '' }));
    case 'dns_failed':
      return modelError('dns_failed', name, new URL(err.url).hostname);
    case 'connection_failed':
      return modelError('connection_failed', name, err.message.match(/\(([^)]+)\)/)?.[1] ?? '');
    case 'too_many_redirects':
    case 'bad_redirect':
      return modelError('redirected', name);
    case 'too_large':
      return modelError('too_large', name);
    case 'bad_response':
      // The connection broke: mid-reply it is an incomplete stream, before it a failed connection.
      return context.started ? modelError('incomplete_stream', name) : modelError('connection_failed', name, text('model.connectionClosed'));
    default:
      return modelError('invalid_endpoint', name, err.message);
  }
}

/** The server's explanation from an error body: OpenAI, Ollama, vLLM and FastAPI shapes, or short text. */
export function serverMessageOf(body: Uint8Array): string | null {
  const text = Buffer.from(body).toString('utf8').trim();
  if (text === '') return null;
  let found: unknown = null;
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const error = json.error as Record<string, unknown> | string | undefined;
    found = typeof error === 'string' ? error : (error?.message ?? json.message ?? json.detail ?? null);
    if (Array.isArray(found)) found = found.map((d) => (d as { msg?: unknown }).msg ?? '').join('; ');
  } catch {
    found = text.startsWith('<') ? null : text; // an HTML error page says nothing useful
  }
  if (typeof found !== 'string' || found.trim() === '') return null;
  // The server's words are shown to the person: one line, no control characters, not a page.
  return oneLine(found, 300);
}

/** Text from a server, made fit for a sentence: control characters become spaces, at most `max` characters. */
export function oneLine(text: string, max: number): string {
  let out = '';
  for (const ch of text) out += ch.charCodeAt(0) < 0x20 || ch === '\u007f' ? ' ' : ch;
  out = out.replace(/ {2,}/g, ' ').trim();
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
