import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY, startOpenAiServer, type OpenAiTestServer } from '../../../test-support/openai-server';
import { streamChat, type ChatEndpoint } from './chat-stream';

let server: OpenAiTestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const messages = [{ role: 'user' as const, content: 'Say hello. Ünïcödé 🙂' }];

function endpoint(s: OpenAiTestServer, apiKey: string | null = 'sk-test-123'): ChatEndpoint {
  return { name: 'Test server', baseUrl: s.baseUrl, model: 'test-model', apiKey };
}

describe('streamChat against a real OpenAI-compatible server on loopback', () => {
  it('streams deltas in order, then usage, and sends exactly the request it reports', async () => {
    server = await startOpenAiServer({ kind: 'stream', chunkChars: 5 });
    const deltas: string[] = [];
    const out = await streamChat({ endpoint: endpoint(server), messages, onDelta: (d) => deltas.push(d) });
    expect(out.ok).toBe(true);
    expect(out.text).toBe(DEFAULT_REPLY);
    expect(deltas.join('')).toBe(DEFAULT_REPLY);
    expect(deltas.length).toBeGreaterThan(5);
    expect(out.finishReason).toBe('stop');
    expect(out.usage).not.toBeNull();
    expect(out.usage!.totalTokens).toBe(out.usage!.promptTokens + out.usage!.completionTokens);
    expect(out.firstDeltaAt).toBeInstanceOf(Date);
    const req = server.requests[0]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test-123');
    expect(req.body).toBe(out.requestBody);
    expect(JSON.parse(req.body)).toEqual({ model: 'test-model', messages, stream: true, stream_options: { include_usage: true } });
  });

  it('with keepText false, the text goes to onDelta only, from a stream, a JSON answer and around an error body', async () => {
    server = await startOpenAiServer({ kind: 'stream', chunkChars: 5 });
    let streamed = '';
    const out = await streamChat({ endpoint: endpoint(server), messages, keepText: false, onDelta: (d) => (streamed += d) });
    expect(out).toMatchObject({ ok: true, text: '', finishReason: 'stop' });
    expect(out.firstDeltaAt).toBeInstanceOf(Date);
    expect(streamed).toBe(DEFAULT_REPLY);

    server.setMode({ kind: 'json', reply: 'One whole answer.' });
    let whole = '';
    const json = await streamChat({ endpoint: endpoint(server), messages, keepText: false, onDelta: (d) => (whole += d) });
    expect(json).toMatchObject({ ok: true, text: '' });
    expect(whole).toBe('One whole answer.');

    // The error body is read from the head the fetch keeps, however long the page behind it.
    server.setMode({ kind: 'error', status: 500, body: `The server is overloaded, try later.\n${'x'.repeat(200_000)}` });
    const failed = await streamChat({ endpoint: endpoint(server), messages, keepText: false });
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error.serverMessage).toMatch(/^The server is overloaded, try later\./);
  });

  it('sends no authorization header without a key, and tolerates a server that ignores include_usage', async () => {
    server = await startOpenAiServer({ kind: 'stream', usage: false });
    const out = await streamChat({ endpoint: endpoint(server, null), messages });
    expect(out.ok).toBe(true);
    expect(out.usage).toBeNull();
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('asks again without stream_options when a server rejects it', async () => {
    server = await startOpenAiServer({ kind: 'stream', rejectStreamOptions: true });
    const out = await streamChat({ endpoint: endpoint(server), messages });
    expect(out).toMatchObject({ ok: true, text: DEFAULT_REPLY, usage: null });
    expect(server.requests.map((r) => 'stream_options' in JSON.parse(r.body))).toEqual([true, false]);
    expect(out.requestBody).toBe(server.requests[1]!.body);
  });

  it('reads a server that answers one JSON completion instead of a stream', async () => {
    server = await startOpenAiServer({ kind: 'json', reply: 'whole answer' });
    const deltas: string[] = [];
    const out = await streamChat({ endpoint: endpoint(server), messages, onDelta: (d) => deltas.push(d) });
    expect(out).toMatchObject({ ok: true, text: 'whole answer', finishReason: 'stop' });
    expect(deltas).toEqual(['whole answer']);
  });

  const errors: Array<[number, unknown, string, RegExp]> = [
    [401, { error: { message: 'Incorrect API key provided: sk-test***123.', type: 'invalid_request_error' } }, 'unauthorized', /refused the API key \(401: Incorrect API key provided/],
    [429, { error: { message: 'Rate limit reached for requests', type: 'requests' } }, 'rate_limited', /limiting requests.*429: Rate limit reached/],
    [500, { error: { message: 'The server had an error while processing your request.' } }, 'server_error', /failed while answering \(500: The server had an error/],
    [404, { error: 'model "nope" not found, try pulling it first' }, 'not_found', /no such model.*model "nope" not found/],
    [400, { object: 'error', message: 'maximum context length is 8192 tokens', code: 400 }, 'bad_request', /rejected the request \(400: maximum context length/],
    [503, '<html><body>Bad gateway</body></html>', 'server_error', /failed while answering \(HTTP 503\)/],
  ];
  it.each(errors)('turns HTTP %i into a readable error with the server message', async (status, body, code, message) => {
    server = await startOpenAiServer({ kind: 'error', status, body });
    const deltas: string[] = [];
    const out = await streamChat({ endpoint: endpoint(server), messages, onDelta: (d) => deltas.push(d) });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe(code);
    expect(out.error.status).toBe(status);
    expect(out.error.message).toMatch(message);
    expect(deltas).toEqual([]);
  });

  it('a malformed data line fails as malformed_stream, keeping the text before it', async () => {
    server = await startOpenAiServer({ kind: 'malformed' });
    const out = await streamChat({ endpoint: endpoint(server), messages, idleTimeoutMs: 5000 });
    expect(out).toMatchObject({ ok: false, text: 'Hello', error: { code: 'malformed_stream' } });
  });

  it('a connection destroyed mid-stream fails as incomplete_stream with the partial reply', async () => {
    server = await startOpenAiServer({ kind: 'destroy', chunks: 2 });
    const out = await streamChat({ endpoint: endpoint(server), messages });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe('incomplete_stream');
    expect(out.text).toBe(DEFAULT_REPLY.slice(0, 16));
  });

  it('a stream that ends without [DONE] or a finish reason is incomplete_stream', async () => {
    server = await startOpenAiServer({ kind: 'stream', done: false, finishReason: null, usage: false });
    const out = await streamChat({ endpoint: endpoint(server), messages });
    expect(out).toMatchObject({ ok: false, text: DEFAULT_REPLY, error: { code: 'incomplete_stream' } });
  });

  it('an error event inside the stream fails with the server message', async () => {
    server = await startOpenAiServer({ kind: 'error-event', message: 'The model is overloaded' });
    const out = await streamChat({ endpoint: endpoint(server), messages });
    expect(out).toMatchObject({ ok: false, text: 'Hel', error: { code: 'server_error', serverMessage: 'The model is overloaded' } });
  });

  it('a stalled stream fails as stalled after the idle timeout', async () => {
    server = await startOpenAiServer({ kind: 'stall', chunks: 1 });
    const started = Date.now();
    const out = await streamChat({ endpoint: endpoint(server), messages, idleTimeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(out).toMatchObject({ ok: false, text: DEFAULT_REPLY.slice(0, 8), error: { code: 'stalled' } });
  });

  it('a slow stream within the idle timeout completes; Stop cancels it with the text so far', async () => {
    server = await startOpenAiServer({ kind: 'stream', chunkChars: 4, delayMs: 60 });
    const slow = await streamChat({ endpoint: endpoint(server), messages, idleTimeoutMs: 1000 });
    expect(slow).toMatchObject({ ok: true, text: DEFAULT_REPLY });

    const stop = new AbortController();
    const deltas: string[] = [];
    const out = await streamChat({
      endpoint: endpoint(server),
      messages,
      signal: stop.signal,
      onDelta: (d) => {
        deltas.push(d);
        if (deltas.length === 3) stop.abort();
      },
    });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe('stopped');
    expect(out.text).toBe(deltas.join(''));
    expect(out.text.length).toBeLessThan(DEFAULT_REPLY.length);
  });

  it('a server that is not running fails as connection_failed', async () => {
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const out = await streamChat({ endpoint: { name: 'Gone', baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm', apiKey: null }, messages });
    expect(out).toMatchObject({ ok: false, error: { code: 'connection_failed' } });
    if (!out.ok) expect(out.error.message).toMatch(/Could not connect to Gone/);
  });

  it('refuses an endpoint whose host name resolves to a cloud metadata address, and reaches it when the name resolves to the server', async () => {
    server = await startOpenAiServer({ kind: 'stream' });
    const port = new URL(server.baseUrl).port;
    const named: ChatEndpoint = { name: 'Team server', baseUrl: `http://models.internal:${port}/v1`, model: 'test-model', apiKey: 'sk-test-123' };
    const metadata = await streamChat({ endpoint: named, messages, lookup: async () => [{ address: '169.254.169.254', family: 4 }] });
    if (metadata.ok) throw new Error('an endpoint resolving to a metadata address was reached');
    expect(metadata.error.code).toBe('invalid_endpoint');
    expect(metadata.error.message).toContain('models.internal resolves to 169.254.169.254, a link-local or cloud metadata address');
    expect(server.requests).toHaveLength(0);
    // The same endpoint, its name resolving to the loopback server: the key goes where it should.
    const loopback = await streamChat({ endpoint: named, messages, lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect(loopback.ok).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('does not follow a redirect away from the configured endpoint', async () => {
    const hits: string[] = [];
    const redirector = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(307, { location: 'http://127.0.0.1:9/v1/chat/completions' }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    const port = (redirector.address() as AddressInfo).port;
    try {
      const out = await streamChat({ endpoint: { name: 'Redirector', baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm', apiKey: 'k' }, messages });
      expect(out).toMatchObject({ ok: false, error: { code: 'redirected' } });
      expect(hits).toEqual(['/v1/chat/completions']);
    } finally {
      await new Promise<void>((r) => redirector.close(() => r()));
    }
  });
});
