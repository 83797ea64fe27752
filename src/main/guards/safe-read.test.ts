import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FsPolicy } from './containment';
import { openChecked, readCapped, safeReadFile, scanChunks } from './safe-read';

const LINUX = process.platform === 'linux';
if (!LINUX) console.log('safe-read: FIFO, /proc and /dev cases need Linux; they are skipped here.');

let base: string;
let ws: string;
let policy: FsPolicy;
let server: net.Server;
const signal = new AbortController().signal;

beforeAll(async () => {
  base = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'atmark-read-')));
  ws = path.join(base, 'ws');
  await fsp.mkdir(path.join(ws, 'dir'), { recursive: true });
  await fsp.mkdir(path.join(base, 'out'));
  await fsp.writeFile(path.join(ws, 'a.txt'), 'hello\n');
  await fsp.writeFile(path.join(ws, 'big.txt'), 'x'.repeat(300_000));
  await fsp.writeFile(path.join(base, 'out', 'secret.txt'), 'secret\n');
  await fsp.symlink('a.txt', path.join(ws, 'link'));
  await fsp.symlink('../out', path.join(ws, 'out-link'));
  if (LINUX) execFileSync('mkfifo', [path.join(ws, 'fifo')]);
  server = net.createServer();
  await new Promise<void>((done) => server.listen(path.join(ws, 'sock'), done));
  policy = { workspaceRoot: ws, grants: new Set(['/dev/zero', '/proc/self/status']), home: '/home/nobody' };
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await fsp.rm(base, { recursive: true, force: true });
});

describe('safeReadFile', () => {
  it('reads a regular file inside the workspace and reports the opened real path', async () => {
    const r = await safeReadFile(path.join(ws, 'a.txt'), policy, { maxBytes: 100, signal });
    expect(r).toMatchObject({ ok: true, realPath: path.join(ws, 'a.txt') });
    if (r.ok) expect(r.bytes.toString()).toBe('hello\n');
  });

  it('returns too_large with the size when the file passes the cap', async () => {
    const r = await safeReadFile(path.join(ws, 'big.txt'), policy, { maxBytes: 1000, signal });
    expect(r).toEqual({ ok: false, code: 'too_large', reason: 'too_large', bytes: 300_000, limit: 1000 });
  });

  it('refuses to follow a symlink as the last component (O_NOFOLLOW): blocked', async () => {
    expect(await safeReadFile(path.join(ws, 'link'), policy, { maxBytes: 100, signal })).toMatchObject({ ok: false, code: 'blocked' });
  });

  it('re-judges what was opened: a path through a symlinked folder that leads out is blocked', async () => {
    // The name is not real (a folder link in the middle): O_NOFOLLOW alone would let this through.
    const r = await safeReadFile(path.join(ws, 'out-link', 'secret.txt'), policy, { maxBytes: 100, signal });
    expect(r).toMatchObject({ ok: false, code: 'blocked', reason: 'outside' });
  });

  it('says not_found for a missing file and for a folder', async () => {
    expect(await safeReadFile(path.join(ws, 'none'), policy, { maxBytes: 10, signal })).toMatchObject({ code: 'not_found', reason: 'missing' });
    expect(await safeReadFile(path.join(ws, 'dir'), policy, { maxBytes: 10, signal })).toMatchObject({ code: 'not_found', reason: 'directory' });
  });

  it('refuses a unix socket: blocked', async () => {
    expect(await safeReadFile(path.join(ws, 'sock'), policy, { maxBytes: 10, signal })).toMatchObject({ code: 'blocked', reason: 'not_regular' });
  });

  it.skipIf(!LINUX)('refuses a FIFO at once, without waiting for a writer', async () => {
    const started = Date.now();
    const r = await safeReadFile(path.join(ws, 'fifo'), policy, { maxBytes: 10, signal });
    expect(r).toEqual({ ok: false, code: 'blocked', reason: 'not_regular', detail: 'pipe' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.skipIf(!LINUX)('refuses a granted device: blocked as not a regular file', async () => {
    expect(await safeReadFile('/dev/zero', policy, { maxBytes: 10, signal })).toEqual({
      ok: false,
      code: 'blocked',
      reason: 'not_regular',
      detail: 'device',
    });
  });

  it('returns failed when cancelled', async () => {
    const c = new AbortController();
    c.abort();
    expect(await safeReadFile(path.join(ws, 'a.txt'), policy, { maxBytes: 10, signal: c.signal })).toMatchObject({ code: 'failed', reason: 'aborted' });
  });
});

describe('openChecked', () => {
  it('opens a folder only when asked, and a file is not a folder', async () => {
    const dir = await openChecked(path.join(ws, 'dir'), policy, signal, { requireDirectory: true });
    expect(dir).toMatchObject({ ok: true, isDirectory: true, realPath: path.join(ws, 'dir') });
    if (dir.ok) await dir.handle.close();
    expect(await openChecked(path.join(ws, 'a.txt'), policy, signal, { requireDirectory: true })).toMatchObject({ code: 'not_found', reason: 'file' });
  });
});

describe('readCapped and scanChunks count bytes actually read', () => {
  it.skipIf(!LINUX)('caps a /proc file that reports size 0', async () => {
    // /proc/self/status is granted above only for this test; /proc paths are protected for resolvers.
    const handle = await fsp.open('/proc/self/status', 'r');
    try {
      expect((await handle.stat()).size).toBe(0);
      const r = await readCapped(handle, 16, signal);
      expect(r).toMatchObject({ ok: true, complete: false });
      if (r.ok) expect(r.bytes.length).toBe(17);
    } finally {
      await handle.close();
    }
  });

  it('reads a whole file under the cap as complete, growing its buffer', async () => {
    const handle = await fsp.open(path.join(ws, 'big.txt'), 'r');
    try {
      const r = await readCapped(handle, 400_000, signal);
      expect(r).toMatchObject({ ok: true, complete: true });
      if (r.ok) expect(r.bytes.length).toBe(300_000);
    } finally {
      await handle.close();
    }
  });

  it('scanChunks stops when asked and reports too_large past its cap', async () => {
    const handle = await fsp.open(path.join(ws, 'big.txt'), 'r');
    try {
      let calls = 0;
      expect(await scanChunks(handle, 1_000_000, signal, () => ++calls < 2)).toEqual({ ok: true, bytesRead: 131_072 });
      expect(await scanChunks(handle, 100_000, signal, () => true)).toMatchObject({ ok: false, code: 'too_large' });
    } finally {
      await handle.close();
    }
  });
});

describe('I/O errors are values', () => {
  it('reading a folder descriptor gives failed (io_error), not a throw', async () => {
    const handle = await fsp.open(path.join(ws, 'dir'), 'r');
    try {
      expect(await readCapped(handle, 10, signal)).toEqual({ ok: false, code: 'failed', reason: 'io_error', detail: 'EISDIR' });
    } finally {
      await handle.close();
    }
  });
});
