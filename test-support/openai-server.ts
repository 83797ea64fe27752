/**
 * A real OpenAI-compatible chat completions server on 127.0.0.1, for tests (not used by the app).
 * It answers `POST /v1/chat/completions` the way OpenAI, Ollama, vLLM and llama.cpp do when asked
 * to stream, records every request body exactly as received, and can misbehave on demand: error
 * answers with JSON bodies, a slow drip, a stall, a malformed data line, a connection destroyed
 * mid-stream, a stream without `[DONE]`, an error event inside the stream, or a non-streamed answer.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the server answers the next requests. */
export type ServerMode =
  /**
   * Streams `reply` in pieces of `chunkChars`, `delayMs` apart; then usage (unless `usage: false`),
   * then `[DONE]` (unless `done: false`). `rejectStreamOptions`: answers 400 to a body with
   * `stream_options`, as some older servers do.
   */
  | { kind: 'stream'; reply?: string; chunkChars?: number; delayMs?: number; usage?: boolean; done?: boolean; finishReason?: string | null; rejectStreamOptions?: boolean }
  /** Answers `status` with `body` (JSON when an object). */
  | { kind: 'error'; status: number; body?: unknown }
  /** Streams `chunks` pieces, then keeps the connection open and silent. */
  | { kind: 'stall'; chunks?: number }
  /** Streams one good piece, then a `data:` line that is not JSON. */
  | { kind: 'malformed' }
  /** Streams `chunks` pieces, then destroys the connection. */
  | { kind: 'destroy'; chunks?: number }
  /** Streams one piece, then an `error` event, as OpenAI does when it fails mid-reply. */
  | { kind: 'error-event'; message: string }
  /** Ignores `stream: true` and answers one JSON completion. */
  | { kind: 'json'; reply?: string };

/** One request as the server received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as received (UTF-8). */
  body: string;
}

/** A running test server. */
export interface OpenAiTestServer {
  /** `http://127.0.0.1:PORT/v1`: what goes in an endpoint's base URL. */
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  /** `GET /v1/models` requests (a model picker's), counted apart so `requests` stays the chat's. */
  modelListings: number;
  /** Changes how later requests are answered. */
  setMode(mode: ServerMode): void;
  close(): Promise<void>;
}

/** The models `GET /v1/models` lists unless the test names others. */
export const LISTED_MODELS: readonly string[] = ['test-model', 'test-model-large'];

/** The reply streamed when a mode names none. */
export const DEFAULT_REPLY = 'Hello from the test model. It has read your message.';

/** Starts a server on 127.0.0.1 with a random port. Default mode: a normal stream. */
export async function startOpenAiServer(mode: ServerMode = { kind: 'stream' }, models: readonly string[] = LISTED_MODELS): Promise<OpenAiTestServer> {
  let current = mode;
  let modelListings = 0;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // The list of models, as OpenAI, LM Studio and vLLM answer it.
      if (req.method === 'GET' && req.url === '/v1/models') {
        modelListings += 1;
        return sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', owned_by: 'test' })) });
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return sendJson(res, 404, { error: { message: 'Not found' } });
      void answer(current, body, res).catch(() => res.destroy());
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    get modelListings() {
      return modelListings;
    },
    setMode: (m) => void (current = m),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function answer(mode: ServerMode, body: string, res: http.ServerResponse): Promise<void> {
  const model = modelOf(body);
  switch (mode.kind) {
    case 'error':
      return typeof mode.body === 'string' ? void res.writeHead(mode.status, { 'content-type': 'text/plain' }).end(mode.body) : sendJson(res, mode.status, mode.body ?? { error: { message: 'error' } });
    case 'json':
      return sendJson(res, 200, { id: 'cmpl-1', object: 'chat.completion', model, choices: [{ index: 0, message: { role: 'assistant', content: mode.reply ?? DEFAULT_REPLY }, finish_reason: 'stop' }], usage: usage(body, mode.reply ?? DEFAULT_REPLY) });
    case 'stream':
      if (mode.rejectStreamOptions && body.includes('"stream_options"')) return sendJson(res, 400, { object: 'error', message: 'Unrecognized request argument supplied: stream_options' });
      return stream(res, model, body, mode);
    case 'stall':
      startStream(res);
      for (const piece of pieces(DEFAULT_REPLY, 8).slice(0, mode.chunks ?? 2)) event(res, delta(model, piece));
      return; // stays open and silent until the client gives up
    case 'malformed':
      startStream(res);
      event(res, delta(model, 'Hello'));
      res.write('data: {"choices": [{"delta": {"content": "bro\n\n');
      return;
    case 'destroy':
      startStream(res);
      for (const piece of pieces(DEFAULT_REPLY, 8).slice(0, mode.chunks ?? 2)) event(res, delta(model, piece));
      await sleep(20); // let the pieces leave before the connection is cut
      res.socket?.destroy();
      return;
    case 'error-event':
      startStream(res);
      event(res, delta(model, 'Hel'));
      event(res, { error: { message: mode.message, type: 'server_error' } });
      res.end();
      return;
  }
}

async function stream(res: http.ServerResponse, model: string, body: string, mode: Extract<ServerMode, { kind: 'stream' }>): Promise<void> {
  const reply = mode.reply ?? DEFAULT_REPLY;
  startStream(res);
  event(res, { ...delta(model, ''), choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (const piece of pieces(reply, mode.chunkChars ?? 7)) {
    if (mode.delayMs) await sleep(mode.delayMs);
    if (res.destroyed) return;
    event(res, delta(model, piece));
  }
  const finish = mode.finishReason === undefined ? 'stop' : mode.finishReason;
  if (finish !== null) event(res, { id: 'chunk', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
  if (mode.usage !== false && wantsUsage(body)) event(res, { id: 'chunk', object: 'chat.completion.chunk', model, choices: [], usage: usage(body, reply) });
  if (mode.done !== false) res.write('data: [DONE]\n\n');
  res.end();
}

function startStream(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(': keep-alive comment\n\n');
}

function event(res: http.ServerResponse, data: unknown): void {
  res.write(`data: ${JSON.stringify(data)}\n\n`);
}

function delta(model: string, content: string): Record<string, unknown> {
  return { id: 'chunk', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: { content }, finish_reason: null }] };
}

/** Splits by code points so a piece never ends inside a surrogate pair. */
function pieces(text: string, size: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/** Deterministic usage: one "token" per 4 characters, so tests can check the figures arrived. */
function usage(body: string, reply: string): Record<string, number> {
  const prompt = Math.ceil(body.length / 4);
  const completion = Math.ceil(reply.length / 4);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function modelOf(body: string): string {
  try {
    return String((JSON.parse(body) as { model?: unknown }).model ?? 'test-model');
  } catch {
    return 'test-model';
  }
}

function wantsUsage(body: string): boolean {
  try {
    return (JSON.parse(body) as { stream_options?: { include_usage?: unknown } }).stream_options?.include_usage === true;
  } catch {
    return false;
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
