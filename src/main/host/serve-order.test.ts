/**
 * The browser host serves its page before its API loads (issue 27): the API's modules start loading
 * once the page's files have been sent or the page asks for `/api` (or after a grace period, set far
 * away here so it never decides). Asserted by the order of events, never by time: the API's start is
 * seen through `onApiLoad`, and its services' first step through `loadSecrets`.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEnvSecretStore, type SecretStore } from '../settings';
import { parseStartState, START_STATE_ID, type StartState } from '../../shared/api/start-state';
import { serve, type RunningHost } from './serve';

/** Far beyond any test: the grace period never starts the API here. */
const NEVER_MS = 3_600_000;

/** The page: it names its script only (the stylesheet is fetched on its own). */
const PAGE = '<!doctype html><title>order</title><script type="module" src="./assets/app.js"></script>';

let dir: string;
let userDir: string;
let host: RunningHost | null = null;
let events: string[];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-serve-order-'));
  await fs.mkdir(path.join(dir, 'renderer', 'assets'), { recursive: true });
  await fs.writeFile(path.join(dir, 'renderer', 'index.html'), PAGE);
  await fs.writeFile(path.join(dir, 'renderer', 'assets', 'app.js'), 'console.log(1)');
  await fs.writeFile(path.join(dir, 'renderer', 'assets', 'app.css'), 'body{}');
});

afterEach(async () => {
  await host?.close();
  host = null;
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A host whose API's start is recorded in `events` (or fails, with `secrets` rejecting). */
async function start(secrets: () => Promise<SecretStore> = async () => createEnvSecretStore({ env: {} })): Promise<RunningHost> {
  events = [];
  userDir = path.join(dir, `user-${Math.random().toString(36).slice(2)}`);
  host = await serve({
    rendererDir: path.join(dir, 'renderer'),
    userDataDir: userDir,
    apiLoadGraceMs: NEVER_MS,
    onApiLoad: (cause) => events.push(`api loading (${cause})`),
    loadSecrets: () => {
      events.push('secrets asked');
      return secrets();
    },
  });
  return host;
}

function get(h: RunningHost, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: h.port, path: target, headers: { Host: `127.0.0.1:${h.port}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

function getBody(h: RunningHost, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: h.port, path: target, headers: { Host: `127.0.0.1:${h.port}` } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The start state written into a served page, read back as the page reads it. */
function startStateOf(html: string): StartState | null {
  const open = `<script type="application/json" id="${START_STATE_ID}">`;
  const at = html.indexOf(open);
  return at < 0 ? null : parseStartState(html.slice(at + open.length, html.indexOf('</script>', at + open.length)));
}

/** Opens `/api` and makes one call; resolves with its result, or with the HTTP status that refused the upgrade. */
function callOverSocket(h: RunningHost, name: string): Promise<{ ok: boolean } | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api?token=${h.token}`, { headers: { Origin: `http://127.0.0.1:${h.port}` } });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(-1));
    ws.on('open', () => ws.send(JSON.stringify({ t: 'call', id: 1, name, payload: {} })));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.t !== 'result') return;
      ws.close();
      resolve(message.result);
    });
  });
}

describe('serve: the page first, then the API', () => {
  it('serves the page and its stylesheet without starting the API; the script sent starts it', async () => {
    const h = await start();
    expect(await get(h, `/?token=${h.token}`)).toBe(200);
    events.push('page served');
    expect(await get(h, '/assets/app.css')).toBe(200);
    events.push('stylesheet served');
    expect(events).toEqual(['page served', 'stylesheet served']);
    expect(await get(h, '/assets/app.js')).toBe(200);
    await h.ready;
    expect(events).toEqual(['page served', 'stylesheet served', 'api loading (page-files)', 'secrets asked']);
    expect(await callOverSocket(h, 'getSettings')).toMatchObject({ ok: true });
  });

  it('a page that names its script and stylesheet starts the API only once both were sent, in either order', async () => {
    const page = '<!doctype html><html><head><script type="module" crossorigin src="./assets/app.js"></script><link rel="stylesheet" href="./assets/app.css"></head><body></body></html>';
    await fs.writeFile(path.join(dir, 'renderer', 'index.html'), page);
    try {
      const h = await start();
      expect(await get(h, `/?token=${h.token}`)).toBe(200);
      expect(await get(h, '/assets/app.js')).toBe(200);
      events.push('script served');
      expect(await get(h, '/assets/app.css')).toBe(200);
      await h.ready;
      expect(events).toEqual(['script served', 'api loading (page-files)', 'secrets asked']);
    } finally {
      await fs.writeFile(path.join(dir, 'renderer', 'index.html'), PAGE);
    }
  });

  it('writes the draft into the page until a page has connected, then leaves it to the API', async () => {
    const h = await start();
    await fs.mkdir(userDir, { recursive: true });
    await fs.writeFile(path.join(userDir, 'draft.json'), JSON.stringify({ version: 1, text: 'kept </script> draft', workspace: null, grants: [], savedAt: '2026-01-01T00:00:00Z' }));
    const first = await getBody(h, `/?token=${h.token}`);
    expect(startStateOf(first)).toMatchObject({ draft: 'kept </script> draft' });
    expect(await callOverSocket(h, 'getSettings')).toMatchObject({ ok: true });
    expect(startStateOf(await getBody(h, `/?token=${h.token}`))).not.toHaveProperty('draft');
  });

  it('a page that asks for /api before its script was sent starts the API and is answered', async () => {
    const h = await start();
    const answer = await callOverSocket(h, 'getDraft');
    expect(answer).toMatchObject({ ok: true });
    expect(events).toEqual(['api loading (socket)', 'secrets asked']);
  });

  it('an API that cannot load refuses the socket with 500 and rejects ready with its error, the page still served', async () => {
    const h = await start(async () => {
      throw new Error('the keychain store could not load');
    });
    expect(await get(h, `/?token=${h.token}`)).toBe(200);
    expect(await callOverSocket(h, 'getSettings')).toBe(500);
    await expect(h.ready).rejects.toThrow('the keychain store could not load');
  });
});
