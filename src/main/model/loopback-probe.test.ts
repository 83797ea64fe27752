import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localServers } from './list-models';
import { isLiteralLoopback, loopbackGet } from './loopback-probe';

let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/ok/v1/models') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'qwen3' }, { id: 'llama3' }] }));
    else if (req.url === '/big/v1/models') res.writeHead(200).end('x'.repeat(64 * 1024));
    else if (req.url === '/moved/v1/models') res.writeHead(302, { location: '/ok/v1/models' }).end();
    else if (req.url === '/silent/v1/models') res.writeHead(200).write('{"data": ['); // never ends
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the first run asks local servers without the network stack', () => {
  it('takes only plain-HTTP literal loopback addresses', () => {
    expect(isLiteralLoopback(new URL('http://127.0.0.1:11434/v1/models'))).toBe(true);
    expect(isLiteralLoopback(new URL('http://[::1]:1234/v1/models'))).toBe(true);
    expect(isLiteralLoopback(new URL('http://localhost:11434/v1/models'))).toBe(false);
    expect(isLiteralLoopback(new URL('https://127.0.0.1/v1/models'))).toBe(false);
    expect(isLiteralLoopback(new URL('http://10.0.0.2/v1/models'))).toBe(false);
  });

  it('lists the models of a server that answers, and leaves out one that does not', async () => {
    const found = await localServers([
      { id: 'ollama', baseUrl: `${base}/ok/v1` },
      { id: 'lmstudio', baseUrl: `${base}/missing/v1/` },
      { id: 'nothing', baseUrl: 'http://127.0.0.1:9/v1' },
    ]);
    expect(found).toEqual([{ presetId: 'ollama', models: ['llama3', 'qwen3'] }]);
  });

  it('follows no redirect, reads no more than its cap, and gives up on a silent server at its own deadline', async () => {
    expect(await loopbackGet(new URL(`${base}/moved/v1/models`), { timeoutMs: 5000, maxBytes: 1024 })).toBeNull();
    expect(await loopbackGet(new URL(`${base}/big/v1/models`), { timeoutMs: 5000, maxBytes: 1024 })).toBeNull();
    expect(await loopbackGet(new URL(`${base}/big/v1/models`), { timeoutMs: 5000, maxBytes: 128 * 1024 })).toHaveLength(64 * 1024);
    expect(await loopbackGet(new URL(`${base}/silent/v1/models`), { timeoutMs: 50, maxBytes: 1024 })).toBeNull();
    expect(await localServers([{ id: 'ollama', baseUrl: `${base}/silent/v1` }], 50)).toEqual([]);
  });
});
