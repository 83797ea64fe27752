/**
 * Hostile messages on the browser host's WebSocket (issue 11, row 12), against a real host on
 * 127.0.0.1: a message over the socket cap, a 9 MiB draft over the contract's limit, malformed JSON
 * and wrong types. Each is refused (answered, or that one socket closed with 1009), and then the
 * same host, on the same and on other sockets, still answers a normal call.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_DRAFT_CHARS, MAX_SOCKET_MESSAGE_BYTES } from '../../shared/api/contract';
import { serve, type RunningHost } from './serve';

let dir: string;
let host: RunningHost;
let small: RunningHost;
const SMALL_CAP = 64 * 1024;

async function start(maxMessageBytes?: number): Promise<RunningHost> {
  const renderer = path.join(dir, 'renderer');
  return serve({ rendererDir: renderer, userDataDir: path.join(dir, `user-${maxMessageBytes ?? 'default'}`), maxMessageBytes });
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-socket-'));
  await fs.mkdir(path.join(dir, 'renderer'), { recursive: true });
  await fs.writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  host = await start();
  small = await start(SMALL_CAP);
});

afterAll(async () => {
  await host?.close();
  await small?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function open(h: RunningHost): Promise<WebSocket> {
  const token = new URL(h.url).searchParams.get('token');
  const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api?token=${token}`, { headers: { Origin: `http://127.0.0.1:${h.port}` } });
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
  });
}

/** Sends raw text and resolves with the next result message. */
function next(ws: WebSocket, raw: string): Promise<{ id: unknown; result: { ok: boolean; error?: { code: string; message: string } } }> {
  return new Promise((resolve) => {
    ws.once('message', (data) => resolve(JSON.parse(data.toString())));
    ws.send(raw);
  });
}

const normalCall = (id: number) => JSON.stringify({ t: 'call', id, name: 'getWorkspace', payload: {} });

async function stillAnswers(ws: WebSocket, id: number): Promise<void> {
  const answer = await next(ws, normalCall(id));
  expect(answer).toMatchObject({ id, result: { ok: true } });
}

describe('the socket cap agrees with the contract', () => {
  it('a maximal draft of 6-byte JSON characters fits under the cap', () => {
    const worst = JSON.stringify({ t: 'call', id: Number.MAX_SAFE_INTEGER, name: 'saveDraft', payload: { text: '\u0001'.repeat(1000) } });
    const perChar = (Buffer.byteLength(worst) - 100) / 1000;
    expect(perChar).toBeLessThanOrEqual(6);
    expect(6 * MAX_DRAFT_CHARS + 1024).toBeLessThan(MAX_SOCKET_MESSAGE_BYTES);
  });
});

describe('hostile messages', () => {
  it('a 9 MiB draft (over the contract) is answered invalid_request, then the socket answers', async () => {
    const ws = await open(host);
    const answer = await next(ws, JSON.stringify({ t: 'call', id: 1, name: 'saveDraft', payload: { text: 'x'.repeat(9 * 1024 * 1024) } }));
    expect(answer).toMatchObject({ id: 1, result: { ok: false, error: { code: 'invalid_request' } } });
    await stillAnswers(ws, 2);
    ws.close();
  });

  it('a message over the socket cap closes only that socket (1009); other tabs and new ones go on', async () => {
    const victim = await open(small);
    const other = await open(small);
    const closed = new Promise<number>((resolve) => victim.on('close', (code) => resolve(code)));
    victim.send(JSON.stringify({ t: 'call', id: 1, name: 'saveDraft', payload: { text: 'x'.repeat(SMALL_CAP * 2) } }));
    expect(await closed).toBe(1009);
    await stillAnswers(other, 2);
    const fresh = await open(small);
    await stillAnswers(fresh, 3);
    other.close();
    fresh.close();
  });

  it.each([
    ['malformed JSON', '{"t":"call","id":1,', null],
    ['not an object', '42', null],
    ['an id that is a string', JSON.stringify({ t: 'call', id: 'one', name: 'getWorkspace', payload: {} }), null],
    ['no t', JSON.stringify({ id: 5, name: 'getWorkspace', payload: {} }), 5],
    ['an unknown call', JSON.stringify({ t: 'call', id: 6, name: 'format:c', payload: {} }), 6],
    ['a name that is a number', JSON.stringify({ t: 'call', id: 7, name: 12, payload: {} }), 7],
    ['a payload of the wrong type', JSON.stringify({ t: 'call', id: 8, name: 'openWorkspace', payload: { path: 12 } }), 8],
    ['a draft that is not text', JSON.stringify({ t: 'call', id: 9, name: 'saveDraft', payload: { text: ['a'] } }), 9],
  ])('%s is answered invalid_request, then a normal call answers', async (_label, raw, id) => {
    const ws = await open(host);
    const answer = await next(ws, raw as string);
    expect(answer.id).toBe(id);
    expect(answer.result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(answer.result.error?.message.length).toBeGreaterThan(20);
    await stillAnswers(ws, 100);
    ws.close();
  });

  it('a binary message is answered too', async () => {
    const ws = await open(host);
    const answer = await new Promise<{ result: { ok: boolean } }>((resolve) => {
      ws.once('message', (d) => resolve(JSON.parse(d.toString())));
      ws.send(Buffer.from([1, 2, 3]));
    });
    expect(answer.result.ok).toBe(false);
    await stillAnswers(ws, 101);
    ws.close();
  });
});
