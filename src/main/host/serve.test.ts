import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serve, type RunningHost } from './serve';

let dir: string;
let host: RunningHost;
let token: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-serve-'));
  const renderer = path.join(dir, 'renderer');
  const workspace = path.join(dir, 'ws');
  await fs.mkdir(path.join(renderer, 'assets'), { recursive: true });
  await fs.mkdir(workspace);
  await fs.writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>atmark test page</title>');
  await fs.writeFile(path.join(renderer, 'assets', 'app.js'), 'console.log(1)');
  await fs.writeFile(path.join(dir, 'secret.txt'), 'outside the renderer');
  await fs.writeFile(path.join(workspace, 'notes.md'), '# Notes\nhello from the workspace\n');
  host = await serve({ workspace, rendererDir: renderer, userDataDir: path.join(dir, 'user') });
  token = new URL(host.url).searchParams.get('token') as string;
});

afterAll(async () => {
  await host?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A raw GET with chosen headers (fetch would not let us forge Host). */
function get(target: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, path: target, headers: { Host: `127.0.0.1:${host.port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a WebSocket and resolves with it, or with the HTTP status that refused it. */
function connect(query: string, headers: Record<string, string>): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api${query}`, { headers });
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(-1));
  });
}

function call(ws: WebSocket, id: number, name: string, payload: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString());
      if (message.t === 'result' && message.id === id) {
        ws.off('message', onMessage);
        resolve(message.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ t: 'call', id, name, payload }));
  });
}

describe('serve: HTTP', () => {
  it.each(['/index.html/', '/assets/..%2findex.html', '/assets%2f..%2findex.html', '/assets/%2e%2e/index.html', '/INDEX.HTML', '/assets//../index.html'])(
    'never serves the page without the token through %s',
    async (target) => {
      const res = await get(target);
      expect(res.status).not.toBe(200);
      expect(res.body).not.toContain('atmark test page');
    },
  );

  it('prints a loopback URL with a long random token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);
  });

  it('serves the page with the token, with a CSP and no referrer', async () => {
    const res = await get(`/?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('atmark test page');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    ['no token', '/', {}],
    ['wrong token', '/?token=wrong', {}],
    ['rebinding Host', `/?token=TOKEN`, { Host: 'evil.example' }],
    ['foreign Origin', `/?token=TOKEN`, { Origin: 'http://evil.example' }],
  ])('refuses %s with 403', async (_name, target, headers) => {
    const res = await get(target.replace('TOKEN', token), headers);
    expect(res.status).toBe(403);
  });

  it('serves built assets, and nothing outside the build', async () => {
    expect((await get('/assets/app.js')).status).toBe(200);
    expect((await get('/../secret.txt')).status).toBe(400);
    expect((await get('/%2e%2e/secret.txt')).status).toBe(400);
    expect((await get('/assets/missing.js')).status).toBe(404);
  });
});

describe('serve: the API WebSocket', () => {
  const origin = () => ({ Origin: `http://127.0.0.1:${host.port}` });

  it.each([
    ['without a token', '', () => origin()],
    ['with a wrong token', '?token=nope', () => origin()],
    ['without an Origin', `?token=TOKEN`, () => ({})],
    ['from a foreign Origin', `?token=TOKEN`, () => ({ Origin: 'http://evil.example' })],
    ['with a rebinding Host', `?token=TOKEN`, () => ({ ...origin(), Host: `evil.example:${host.port}` })],
  ])('refuses a connection %s', async (_name, query, headers) => {
    expect(await connect(query.replace('TOKEN', token), headers())).toBe(403);
  });

  it('answers calls, validates payloads and pushes progress events', async () => {
    const ws = await connect(`?token=${token}`, origin());
    if (typeof ws === 'number') throw new Error(`connection refused: ${ws}`);
    const events: unknown[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.t === 'event') events.push(message);
    });
    try {
      const workspace = await call(ws, 1, 'getWorkspace', {});
      expect(workspace).toMatchObject({ ok: true, value: { name: 'ws' } });
      expect(await call(ws, 2, 'openWorkspace', { path: 42 })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      expect(await call(ws, 3, 'getWorkspace', { extra: true })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      expect(await call(ws, 4, 'deleteEverything', {})).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      const expanded = await call(ws, 5, 'expand', { requestId: 'r1', text: 'Read @file:notes.md please', contextLength: 128000 });
      expect(expanded.ok).toBe(true);
      expect((expanded.value as { message: string }).message).toContain('hello from the workspace');
      expect(events).toContainEqual({ t: 'event', name: 'expandProgress', payload: { requestId: 'r1', raw: '@file:notes.md', state: 'done' } });
      const completed = await call(ws, 6, 'complete', { requestId: 'c1', source: 'file', query: 'nts' });
      expect(completed).toMatchObject({ ok: true, value: [{ type: 'path', kind: 'file', path: 'notes.md' }] });
    } finally {
      ws.close();
    }
  });
});

describe('duplicate Host and Origin headers (issue 26, finding 14)', () => {
  /** Writes a raw request over TCP and returns the status line's code (Node's client refuses to send two Hosts). */
  function raw(lines: string[]): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(host.port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
      let got = '';
      socket.on('data', (c) => {
        got += c.toString('latin1');
        const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
        if (m) {
          socket.destroy();
          resolve(Number(m[1]));
        }
      });
      socket.on('error', reject);
    });
  }

  it('two Host lines, the first one right: 400', async () => {
    expect(await raw([`GET /?token=${token} HTTP/1.1`, `Host: 127.0.0.1:${host.port}`, 'Host: evil.example'])).toBe(400);
  });

  it('two Origin lines on the API: 400', async () => {
    expect(await raw([`GET /api?token=${token} HTTP/1.1`, `Host: 127.0.0.1:${host.port}`, `Origin: http://127.0.0.1:${host.port}`, 'Origin: http://evil.example'])).toBe(400);
  });

  it('one Host line: served', async () => {
    expect(await raw([`GET /?token=${token} HTTP/1.1`, `Host: 127.0.0.1:${host.port}`, 'Connection: close'])).toBe(200);
  });
});
