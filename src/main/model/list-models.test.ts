import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listModels, modelIdsOf } from './list-models';

let server: http.Server;
let base = '';
const seen: Array<string | undefined> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers.authorization);
    if (req.url === '/v1/models') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'zeta' }, { id: 'alpha' }, { id: 'alpha' }] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('listModels', () => {
  it('reads the ids a loopback server lists, sorted and once each, sending the key', async () => {
    expect(await listModels(`${base}/v1`, 'sk-test')).toEqual(['alpha', 'zeta']);
    expect(seen.at(-1)).toBe('Bearer sk-test');
  });

  it('a server without the list adds nothing', async () => {
    expect(await listModels(`${base}/nothing`, null)).toEqual([]);
    expect(await listModels('http://127.0.0.1:9/v1', null, { timeoutMs: 2000 })).toEqual([]);
  });

  it('understands Ollama\'s own answer and ignores anything else', () => {
    expect(modelIdsOf(JSON.stringify({ models: [{ name: 'llama3.2:latest' }] }))).toEqual(['llama3.2:latest']);
    expect(modelIdsOf('not json')).toEqual([]);
    expect(modelIdsOf(JSON.stringify({ data: [{ id: 3 }, null, { id: '' }] }))).toEqual([]);
  });
});
