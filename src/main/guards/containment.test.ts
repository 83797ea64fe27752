import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isInside, judgeRealPath, locateInput, resolveContained, type FsPolicy } from './containment';

describe('isInside (pure)', () => {
  it.each([
    ['/ws', '/ws', true],
    ['/ws', '/ws/a.txt', true],
    ['/ws', '/ws/deep/er/a.txt', true],
    ['/ws', '/ws-evil/a.txt', false],
    ['/ws', '/wsx', false],
    ['/ws', '/', false],
    ['/ws', '/other/ws/a.txt', false],
    ['/ws/sub', '/ws', false],
    ['/ws', '/ws/..hidden', true],
    ['/ws', '/ws/...', true],
  ])('%s contains %s: %s', (root, target, expected) => {
    expect(isInside(root, target, false)).toBe(expected);
  });

  it('folds case only when asked (macOS and Windows)', () => {
    expect(isInside('/Ws', '/wS/a', true)).toBe(true);
    expect(isInside('/Ws', '/wS/a', false)).toBe(false);
  });
});

describe('locateInput (pure)', () => {
  const where = { workspaceRoot: '/ws', home: '/home/ana' };
  it.each([
    ['a.txt', '/ws/a.txt', false],
    ['./src/../a.txt', '/ws/a.txt', false],
    ['../x', '/x', false],
    ['/etc/passwd', '/etc/passwd', false],
    ['~', '/home/ana', false],
    ['~/notes.md', '/home/ana/notes.md', false],
    ['~/../../etc', '/etc', false],
    ['~ana/x', '/ws/~ana/x', false],
    ['src\\a.ts', '/ws/src/a.ts', false],
    ['..\\..\\etc', '/etc', false],
    ['\\etc\\passwd', '/etc/passwd', false],
    ['src/', '/ws/src', true],
    ['%2e%2e/x', '/ws/%2e%2e/x', false],
  ])('%j -> %s (trailing slash %s)', (value, expected, trailingSlash) => {
    expect(locateInput(value, where)).toEqual({ ok: true, path: expected, trailingSlash });
  });

  it('refuses a NUL character before any I/O', () => {
    expect(locateInput('a\u0000b', where)).toMatchObject({ ok: false, code: 'not_found', reason: 'invalid' });
  });
});

describe('judgeRealPath (pure)', () => {
  const policy: FsPolicy = { workspaceRoot: '/ws', grants: new Set(['/tmp/granted.txt', '/home/ana/.npmrc']), home: '/home/ana' };
  it.each([
    ['/ws/a.txt', { ok: true, via: 'workspace' }],
    ['/ws', { ok: true, via: 'workspace' }],
    ['/tmp/granted.txt', { ok: true, via: 'grant' }],
    ['/tmp/granted.txt.bak', { ok: false, code: 'blocked', reason: 'outside' }],
    ['/tmp', { ok: false, code: 'blocked', reason: 'outside' }],
    ['/ws-evil/a.txt', { ok: false, code: 'blocked', reason: 'outside' }],
    ['/ws/.env', { ok: false, code: 'blocked', reason: 'protected', rule: 'env-file' }],
    ['/home/ana/.npmrc', { ok: false, code: 'blocked', reason: 'protected', rule: 'npmrc' }],
  ])('%s -> %j', (p, expected) => {
    expect(judgeRealPath(p, policy)).toMatchObject(expected);
  });
});

describe('resolveContained (real folders)', () => {
  let base: string;
  let policy: FsPolicy;
  const signal = new AbortController().signal;
  const at = (rel: string, trailingSlash = false) => ({ path: path.join(base, rel), trailingSlash });

  beforeAll(async () => {
    base = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'atmark-contain-')));
    await fsp.mkdir(path.join(base, 'ws/src'), { recursive: true });
    await fsp.mkdir(path.join(base, 'ws-evil'));
    await fsp.writeFile(path.join(base, 'ws/src/a.txt'), 'a');
    await fsp.writeFile(path.join(base, 'ws-evil/b.txt'), 'b');
    await fsp.symlink('../ws-evil', path.join(base, 'ws/evil-link'));
    await fsp.symlink('src/a.txt', path.join(base, 'ws/a-link'));
    await fsp.symlink(path.join(base, 'ws'), path.join(base, 'ws-alias'));
    policy = { workspaceRoot: path.join(base, 'ws'), grants: new Set(), home: '/home/nobody' };
  });

  afterAll(() => fsp.rm(base, { recursive: true, force: true }));

  it('resolves a file inside to its real path', async () => {
    expect(await resolveContained(at('ws/a-link'), policy, signal)).toEqual({
      ok: true,
      realPath: path.join(base, 'ws/src/a.txt'),
      via: 'workspace',
    });
  });

  it('blocks the sibling whose name begins with the root name, directly and through a link', async () => {
    expect(await resolveContained(at('ws-evil/b.txt'), policy, signal)).toMatchObject({ ok: false, reason: 'outside' });
    expect(await resolveContained(at('ws/evil-link/b.txt'), policy, signal)).toMatchObject({ ok: false, reason: 'outside' });
  });

  it('accepts a path outside whose real path is inside (judged on the real path)', async () => {
    expect(await resolveContained(at('ws-alias/src/a.txt'), policy, signal)).toMatchObject({ ok: true, via: 'workspace' });
  });

  it('answers outside for a missing path outside, so existence is not revealed', async () => {
    expect(await resolveContained(at('ws-evil/none.txt'), policy, signal)).toMatchObject({ code: 'blocked', reason: 'outside' });
    expect(await resolveContained(at('ws/none.txt'), policy, signal)).toMatchObject({ code: 'not_found', reason: 'missing' });
  });

  it('keeps a trailing slash: a file named with one is not found', async () => {
    expect(await resolveContained(at('ws/src/a.txt', true), policy, signal)).toMatchObject({ code: 'not_found' });
    expect(await resolveContained(at('ws/src', true), policy, signal)).toMatchObject({ ok: true });
  });

  it('refuses a protected name before looking at the disk', async () => {
    expect(await resolveContained(at('ws/.env.local'), policy, signal)).toMatchObject({ code: 'blocked', reason: 'protected', rule: 'env-file' });
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await resolveContained(at('ws/src/a.txt'), policy, controller.signal)).toMatchObject({ code: 'failed', reason: 'aborted' });
  });
});
