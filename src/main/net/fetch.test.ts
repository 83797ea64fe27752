import { afterEach, describe, it, expect } from 'vitest';
import zlib from 'node:zlib';
import { guardedFetch, type GuardedFetchOptions } from './fetch';
import { startTestServer, send, redirect, type Handler, type TestServer } from '../../../test-support/net-server';
import { MiB } from '../../shared/limits';

const servers: TestServer[] = [];
async function serve(routes: Record<string, Handler>): Promise<TestServer> {
  const s = await startTestServer(routes);
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function options(allow: TestServer[], extra: Partial<GuardedFetchOptions> = {}): GuardedFetchOptions {
  return { policy: { allowHosts: allow.map((s) => s.allowEntry) }, timeoutMs: 5000, ...extra };
}
const text = (body: Uint8Array) => Buffer.from(body).toString('utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])('follows a %i with a relative Location', async (status) => {
    const s = await serve({ '/a/start': redirect(status, '../b/end?x=1'), '/b/end': send('arrived', 'text/plain') });
    const r = await guardedFetch(s.url('/a/start'), options([s]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(text(r.response.body)).toBe('arrived');
    expect(r.response.finalUrl.href).toBe(s.url('/b/end?x=1'));
    expect(r.response.hops).toEqual([s.url('/a/start'), s.url('/b/end?x=1')]);
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const seen: string[] = [];
    const echo: Handler = (req, res) => {
      seen.push(req.method ?? '');
      res.end(req.method);
    };
    const s = await serve({ '/303': redirect(303, '/echo'), '/307': redirect(307, '/echo'), '/echo': echo });
    await guardedFetch(s.url('/303'), options([s], { method: 'POST', body: 'x' }));
    await guardedFetch(s.url('/307'), options([s], { method: 'POST', body: 'x' }));
    expect(seen).toEqual(['GET', 'POST']);
  });

  it('drops credentials when a redirect leaves the origin', async () => {
    const auth: string[] = [];
    const target = await serve({ '/': (req, res) => res.end(String(auth.push(req.headers.authorization ?? 'none'))) });
    const start = await serve({ '/': redirect(302, target.url('/')) });
    const r = await guardedFetch(start.url('/'), options([start, target], { headers: { Authorization: 'Bearer k' } }));
    expect(r.ok).toBe(true);
    expect(auth).toEqual(['none']);
  });

  it('refuses a redirect to a blocked address, and the second server sees nothing', async () => {
    const inner = await serve({ '/': send('internal secret', 'text/plain') });
    const outer = await serve({ '/meta': redirect(302, 'http://169.254.169.254/latest/'), '/inner': redirect(301, inner.url('/')) });
    const meta = await guardedFetch(outer.url('/meta'), options([outer]));
    expect(meta.ok ? 'ok' : meta.error.code).toBe('private_address');
    const local = await guardedFetch(outer.url('/inner'), options([outer]));
    expect(local.ok ? 'ok' : local.error.code).toBe('private_address');
    if (!local.ok) expect(local.error.url).toBe(inner.url('/'));
    expect(inner.connections).toBe(0);
    expect(inner.requests).toEqual([]);
  });

  it('refuses a redirect to another scheme', async () => {
    const s = await serve({ '/': redirect(302, 'file:///etc/passwd') });
    const r = await guardedFetch(s.url('/'), options([s]));
    expect(r.ok ? 'ok' : r.error.code).toBe('unsupported_scheme');
  });

  it('follows 5 redirects and refuses the 6th', async () => {
    const routes: Record<string, Handler> = { '/end': send('done', 'text/plain') };
    for (let i = 0; i < 6; i++) routes[`/r${i}`] = redirect(302, i === 5 ? '/end' : `/r${i + 1}`);
    const s = await serve(routes);
    const five = await guardedFetch(s.url('/r1'), options([s]));
    expect(five.ok && text(five.response.body)).toBe('done');
    const six = await guardedFetch(s.url('/r0'), options([s]));
    expect(six.ok ? 'ok' : six.error.code).toBe('too_many_redirects');
    expect(s.requests.filter((p) => p === '/end')).toHaveLength(1);
  });

  it('a loop is refused, not followed forever', async () => {
    const s = await serve({ '/loop': redirect(307, '/loop') });
    const r = await guardedFetch(s.url('/loop'), options([s]));
    expect(r.ok ? 'ok' : r.error.code).toBe('too_many_redirects');
    expect(s.requests.length).toBe(6);
  });
});

describe('bodies', () => {
  it('stops a gzip bomb at the cap, counting decoded bytes', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(64 * MiB, 0x41), { level: 9 });
    expect(bomb.length).toBeLessThan(MiB / 4);
    const s = await serve({ '/': send(bomb, 'text/plain', 200, { 'content-encoding': 'gzip' }) });
    const before = process.memoryUsage().rss;
    const r = await guardedFetch(s.url('/'), options([s]));
    expect(r.ok ? 'ok' : r.error.code).toBe('too_large');
    if (!r.ok) expect(r.error.message).toContain('5 MiB');
    // Far less than the 64 MiB the body would decode to.
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * MiB);
  });

  it.each(['gzip', 'deflate', 'br'])('decodes %s and counts decoded bytes against maxBytes', async (coding) => {
    const plain = Buffer.from('hello '.repeat(1000));
    const encoded = coding === 'gzip' ? zlib.gzipSync(plain) : coding === 'br' ? zlib.brotliCompressSync(plain) : zlib.deflateSync(plain);
    const s = await serve({ '/': send(encoded, 'text/plain', 200, { 'content-encoding': coding }) });
    const ok = await guardedFetch(s.url('/'), options([s]));
    expect(ok.ok && text(ok.response.body)).toBe(plain.toString());
    const capped = await guardedFetch(s.url('/'), options([s], { maxBytes: plain.length - 1 }));
    expect(capped.ok ? 'ok' : capped.error.code).toBe('too_large');
  });

  it('refuses an unknown content coding', async () => {
    const s = await serve({ '/': send('x', 'text/plain', 200, { 'content-encoding': 'zstd' }) });
    const r = await guardedFetch(s.url('/'), options([s]));
    expect(r.ok ? 'ok' : r.error.code).toBe('unsupported_encoding');
  });

  it('reads a chunked body without a length, and caps it', async () => {
    const chunked: Handler = async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 10; i++) res.write(`${i}`.repeat(1000));
      res.end();
    };
    const s = await serve({ '/': chunked });
    const r = await guardedFetch(s.url('/'), options([s]));
    expect(r.ok && r.response.body.length).toBe(10_000);
    expect(r.ok && r.response.headers['transfer-encoding']).toBe('chunked');
    const capped = await guardedFetch(s.url('/'), options([s], { maxBytes: 5000 }));
    expect(capped.ok ? 'ok' : capped.error.code).toBe('too_large');
  });

  it('a slow drip cannot outlive the overall deadline', async () => {
    const drip: Handler = async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 100 && !res.destroyed; i++) {
        res.write('x');
        await sleep(200);
      }
      res.end();
    };
    const s = await serve({ '/': drip });
    const started = Date.now();
    const r = await guardedFetch(s.url('/'), options([s], { timeoutMs: 1500 }));
    const took = Date.now() - started;
    expect(r.ok ? 'ok' : r.error.code).toBe('timeout');
    if (!r.ok) expect(r.error.message).toContain('1.5 s');
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(3500); // generous: the machine is shared
  });

  it('a server that never answers times out too', async () => {
    const s = await serve({ '/': () => undefined });
    const started = Date.now();
    const r = await guardedFetch(s.url('/'), options([s], { timeoutMs: 800 }));
    expect(r.ok ? 'ok' : r.error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1800);
  });

  it('the caller can cancel', async () => {
    const s = await serve({ '/': () => undefined });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const r = await guardedFetch(s.url('/'), options([s], { signal: controller.signal }));
    expect(r.ok ? 'ok' : r.error.code).toBe('aborted');
  });

  it('streams decoded chunks to onChunk', async () => {
    const s = await serve({ '/': send('streamed body', 'text/plain') });
    const chunks: string[] = [];
    await guardedFetch(s.url('/'), options([s], { onChunk: (c) => chunks.push(Buffer.from(c).toString()) }));
    expect(chunks.join('')).toBe('streamed body');
  });

  it('keeps only keepBytes of a streamed body, while the cap still counts every byte', async () => {
    const s = await serve({ '/': send('0123456789'.repeat(100), 'text/plain') });
    let seen = 0;
    const r = await guardedFetch(s.url('/'), options([s], { keepBytes: 16, onChunk: (c) => void (seen += c.length) }));
    expect(r.ok && Buffer.from(r.response.body).toString()).toBe('0123456789012345');
    expect(seen).toBe(1000);
    const capped = await guardedFetch(s.url('/'), options([s], { keepBytes: 16, maxBytes: 999, onChunk: () => undefined }));
    expect(capped.ok ? 'ok' : capped.error.code).toBe('too_large');
  });
});

describe('connections', () => {
  it('reports a refused connection as connection_failed', async () => {
    const s = await serve({});
    const port = s.port;
    await s.close();
    servers.length = 0;
    const r = await guardedFetch(`http://127.0.0.1:${port}/`, { policy: { allowHosts: [`127.0.0.1:${port}`] }, timeoutMs: 3000 });
    expect(r.ok ? 'ok' : r.error.code).toBe('connection_failed');
  });

  it('reports an unknown host as dns_failed', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    const r = await guardedFetch('http://no-such-host.test/', { policy: { allowHosts: [], lookup } });
    expect(r.ok ? 'ok' : r.error.code).toBe('dns_failed');
  });

  it('connects to the address its own lookup vetted, looking it up once', async () => {
    const s = await serve({ '/': send('via name', 'text/plain') });
    let calls = 0;
    const lookup = async () => {
      calls += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const r = await guardedFetch(`http://site.test:${s.port}/`, { policy: { allowHosts: [`site.test:${s.port}`], lookup } });
    expect(r.ok && text(r.response.body)).toBe('via name');
    expect(calls).toBe(1);
  });

  it('ignores proxies from the environment', async () => {
    const s = await serve({ '/': send('direct', 'text/plain') });
    const saved = { http: process.env.http_proxy, HTTP: process.env.HTTP_PROXY };
    process.env.http_proxy = process.env.HTTP_PROXY = 'http://127.0.0.1:9';
    try {
      const r = await guardedFetch(s.url('/'), options([s]));
      expect(r.ok && text(r.response.body)).toBe('direct');
    } finally {
      for (const [k, v] of [['http_proxy', saved.http], ['HTTP_PROXY', saved.HTTP]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
