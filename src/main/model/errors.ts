/**
 * Every way a chat completion can fail, as a stable code and a sentence that says what happened in
 * the person's terms and what to do. The sentences live here, in one place.
 */
import type { NetError } from '../net/errors';

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
  /** The sentence for the person. */
  message: string;
  /** The HTTP status, for errors the server answered. */
  status?: number;
  /** The server's own explanation, from its JSON error body, when it gave one. */
  serverMessage?: string;
}

/** Builds a {@link ModelError}. `name` is the endpoint's name as the person gave it. */
export function modelError(code: ModelErrorCode, name: string, detail = ''): ModelError {
  return { code, message: sentence(code, name, detail) };
}

function sentence(code: ModelErrorCode, name: string, detail: string): string {
  const d = detail ? ` (${detail})` : '';
  switch (code) {
    case 'stopped':
      return 'Stopped: the reply so far is kept.';
    case 'stalled':
      return `${name} stopped sending${d}: the reply so far is kept. Send again, or check that the server is still running.`;
    case 'timeout':
      return `${name} took too long${d}: the reply so far is kept. Send again, or try a shorter prompt.`;
    case 'invalid_endpoint':
      return `The address of ${name} cannot be used${d}: fix its base URL in Settings.`;
    case 'dns_failed':
      return `The host of ${name} was not found${d}: check its base URL in Settings and your connection.`;
    case 'connection_failed':
      return `Could not connect to ${name}${d}: check that the server is running and its base URL in Settings is right.`;
    case 'redirected':
      return `${name} answered with a redirect${d}: put the final address as its base URL in Settings.`;
    case 'unauthorized':
      return `${name} refused the API key${d}: check the key in Settings.`;
    case 'forbidden':
      return `${name} refused access${d}: check that the key may use this model.`;
    case 'not_found':
      return `${name} has no such model or address${d}: check the model name and the base URL in Settings.`;
    case 'bad_request':
      return `${name} rejected the request${d}.`;
    case 'rate_limited':
      return `${name} is limiting requests or the quota is used up${d}: wait a moment and send again.`;
    case 'server_error':
      return `${name} failed while answering${d}: try again later.`;
    case 'http_error':
      return `${name} answered with an error${d}.`;
    case 'malformed_stream':
      return `${name} sent a reply Atmark could not read${d}: the reply so far is kept. Check that the base URL points at an OpenAI-compatible server.`;
    case 'incomplete_stream':
      return `The connection to ${name} ended before the reply was complete${d}: the reply so far is kept. Send again.`;
    case 'too_large':
      return `The reply from ${name} was too large${d} and was cut off.`;
  }
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
  if (context.stalledMs !== null) return modelError('stalled', name, `nothing for ${Math.round(context.stalledMs / 1000)} s`);
  if (context.stopped || err.code === 'aborted') return modelError('stopped', name);
  switch (err.code) {
    case 'timeout':
      return modelError('timeout', name, err.message.match(/more than ([^)]+)/)?.[1] ?? '');
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
      return context.started ? modelError('incomplete_stream', name) : modelError('connection_failed', name, 'the connection was closed');
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
