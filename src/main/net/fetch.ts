/**
 * `guardedFetch`: the only way Atmark fetches something for a person. Every hop (the first request
 * and each redirect) is checked by the policy, and each goes through its own undici Agent whose
 * connection lookup judges every resolved address. Proxies from the environment are never used:
 * the request goes through that dedicated Agent, not the global dispatcher. One deadline covers
 * the whole exchange, redirects and body included.
 */
import { STATUS_CODES } from 'node:http';
import type * as Undici from 'undici';
import type { Agent, Dispatcher } from 'undici';
import { MiB } from '../../shared/limits';
import { decodersFor, discard, readBody } from './body';
import { formatMs, netError, type NetError, type NetResult } from './errors';
import { createGuardedLookup, systemLookup, type LookupRefusal } from './lookup';
import { checkUrl, type NetworkPolicy } from './policy';

/** Options of one guarded request. */
export interface GuardedFetchOptions {
  policy: NetworkPolicy;
  /** The caller's cancel signal (the expansion's). */
  signal?: AbortSignal;
  /** One deadline for everything: connect, redirects, headers and body. Default 15 s. */
  timeoutMs?: number;
  /** Decoded body bytes allowed. Default 5 MiB. */
  maxBytes?: number;
  /** Redirects followed, each checked like the first hop. Default 5. */
  maxRedirects?: number;
  /** Default GET. */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Each decoded body chunk as it arrives (streamed replies). */
  onChunk?: (chunk: Uint8Array) => void;
  /** Decoded body bytes kept in `body`; default all. A streamed reply keeps a head for error messages. */
  keepBytes?: number;
}

/** A response read whole. */
export interface GuardedResponse {
  /** The URL that answered, after redirects. */
  finalUrl: URL;
  /** Every URL requested, in order (the first is the one asked for). */
  hops: string[];
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** Decoded body bytes (Content-Encoding undone); the first `keepBytes` when that was set. */
  body: Uint8Array;
}

/**
 * undici, loaded with the first request instead of with this module: it is the largest module the
 * browser host's services would load at start (a few hundred ms on a busy machine), and nothing
 * before a person's first URL or model call needs it (issue 27).
 */
let undici: Promise<typeof Undici> | null = null;
const loadUndici = (): Promise<typeof Undici> => (undici ??= import('undici'));

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Credentials meant for one origin must not follow a redirect to another.
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const DEFAULT_HEADERS: Record<string, string> = {
  'user-agent': 'Atmark/0.1 (prompt composer; +https://github.com/atmark)',
  accept: 'text/html,application/xhtml+xml,text/markdown,text/plain,application/json;q=0.9,*/*;q=0.5',
  'accept-encoding': 'gzip, deflate, br',
};

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/**
 * Fetches `input` under `opts.policy`, following at most `maxRedirects` redirects by hand, and
 * reads the body (decoded, capped). Never throws for network trouble: failures come back as
 * `{ok: false, error}` with a stable code. HTTP error statuses are responses, not failures.
 */
export async function guardedFetch(input: string | URL, opts: GuardedFetchOptions): Promise<NetResult<{ response: GuardedResponse }>> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const abortError = (url: string): NetError =>
    opts.signal?.aborted ? netError('aborted', url) : netError('timeout', url, formatMs(timeoutMs));

  const first = checkUrl(input, opts.policy);
  if (!first.ok) return first;
  const headers = { ...DEFAULT_HEADERS, ...lowerKeys(opts.headers ?? {}) };
  let hop: Hop = { url: first.url, method: (opts.method ?? 'GET').toUpperCase(), headers, body: opts.body };
  let allowed = first.allowed;
  const hops: string[] = [];
  const maxRedirects = opts.maxRedirects ?? 5;

  const { Agent } = await loadUndici();
  for (;;) {
    hops.push(hop.url.href);
    const agent = guardedAgent(Agent, opts.policy, allowed);
    const sent = await send(agent.dispatcher, hop, signal, abortError, agent.refusal);
    if (!sent.ok) {
      void agent.dispatcher.destroy().catch(() => undefined);
      return sent;
    }
    const res = sent.data;
    const location = REDIRECTS.has(res.statusCode) ? header(res.headers, 'location') : undefined;
    if (location === undefined) {
      const read = await readResponse(res, hop.url, signal, opts, abortError);
      void agent.dispatcher.close().catch(() => undefined);
      if (!read.ok) return read;
      return { ok: true, response: { finalUrl: hop.url, hops, status: res.statusCode, statusText: statusText(res), headers: flatHeaders(res.headers), body: read.bytes } };
    }
    discard(res.body);
    void agent.dispatcher.destroy().catch(() => undefined);
    if (hops.length > maxRedirects) return { ok: false, error: netError('too_many_redirects', hop.url.href, String(maxRedirects)) };
    const next = nextHop(hop, res.statusCode, location, opts.policy);
    if (!next.ok) return next;
    hop = next.hop;
    allowed = next.allowed;
  }
}

function guardedAgent(AgentClass: typeof Agent, policy: NetworkPolicy, allowed: boolean): { dispatcher: Agent; refusal: () => LookupRefusal | null } {
  let refusal: LookupRefusal | null = null;
  const lookup = createGuardedLookup(policy.lookup ?? systemLookup, allowed, (r) => (refusal = r));
  // A fresh Agent per hop: its lookup knows whether this hop's host and port are allowed, and
  // its pool cannot hand a later hop a connection made under another hop's rules.
  const dispatcher = new AgentClass({ connect: { lookup }, connections: 1, pipelining: 0 });
  return { dispatcher, refusal: () => refusal };
}

async function send(
  dispatcher: Agent,
  hop: Hop,
  signal: AbortSignal,
  abortError: (url: string) => NetError,
  refusal: () => LookupRefusal | null,
): Promise<NetResult<{ data: Dispatcher.ResponseData }>> {
  try {
    const data = await dispatcher.request({
      origin: hop.url.origin,
      path: hop.url.pathname + hop.url.search,
      method: hop.method as Dispatcher.HttpMethod,
      headers: hop.headers,
      body: hop.body ?? null,
      signal,
    });
    return { ok: true, data };
  } catch (err) {
    const refused = refusal();
    if (refused?.metadata) {
      return { ok: false, error: netError('metadata_address', hop.url.href, `${refused.hostname} → ${refused.address}`, refused.address) };
    }
    if (refused) {
      const detail = `${refused.hostname} resolves to ${refused.address}, which is ${refused.range}`;
      return { ok: false, error: netError('private_address', hop.url.href, detail, refused.address) };
    }
    if (signal.aborted) return { ok: false, error: abortError(hop.url.href) };
    const code = (err as { code?: unknown }).code;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { ok: false, error: netError('dns_failed', hop.url.href, hop.url.hostname) };
    return { ok: false, error: netError('connection_failed', hop.url.href, typeof code === 'string' ? code : String(err)) };
  }
}

async function readResponse(
  res: Dispatcher.ResponseData,
  url: URL,
  signal: AbortSignal,
  opts: GuardedFetchOptions,
  abortError: (url: string) => NetError,
): Promise<NetResult<{ bytes: Uint8Array }>> {
  const decoders = decodersFor(header(res.headers, 'content-encoding'), url.href);
  if (!decoders.ok) {
    discard(res.body);
    return decoders;
  }
  return readBody(res.body, decoders.decoders, {
    maxBytes: opts.maxBytes ?? 5 * MiB,
    signal,
    url: url.href,
    abortError: () => abortError(url.href),
    ...(opts.onChunk ? { onChunk: opts.onChunk } : {}),
    ...(opts.keepBytes === undefined ? {} : { keepBytes: opts.keepBytes }),
  });
}

/** The next hop of a redirect, checked by the policy like the first; fetch's method rules. */
function nextHop(hop: Hop, status: number, location: string, policy: NetworkPolicy): NetResult<{ hop: Hop; allowed: boolean }> {
  let target: URL;
  try {
    target = new URL(location, hop.url);
  } catch {
    return { ok: false, error: netError('bad_redirect', hop.url.href) };
  }
  const checked = checkUrl(target, policy);
  if (!checked.ok) return checked;
  const toGet = status === 303 ? hop.method !== 'HEAD' : (status === 301 || status === 302) && hop.method === 'POST';
  const headers = { ...hop.headers };
  if (toGet) delete headers['content-type'];
  if (checked.url.origin !== hop.url.origin) for (const h of ORIGIN_BOUND_HEADERS) delete headers[h];
  return {
    ok: true,
    allowed: checked.allowed,
    hop: { url: checked.url, method: toGet ? 'GET' : hop.method, headers, body: toGet ? undefined : hop.body },
  };
}

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function flatHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

function statusText(res: Dispatcher.ResponseData): string {
  return STATUS_CODES[res.statusCode] ?? '';
}
