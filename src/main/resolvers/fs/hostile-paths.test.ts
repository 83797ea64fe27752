/**
 * Hostile path forms through the real `@file` and `@folder` resolvers, on a real temporary
 * workspace with real symlinks, a FIFO, a unix socket and /proc and /dev files. Each row asserts
 * the resulting code ('attached' when it must work). Outside Linux the rows that need /proc,
 * mkfifo or /dev are skipped with a printed reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Resolution } from '../../resolve';
import { fileResolver } from '../file';
import { folderResolver } from '../folder';
import { makeArea, makeCtx, makeRef, type TempArea } from '../../../../test-support/fs';

const LINUX = process.platform === 'linux';
if (!LINUX) console.log('hostile-paths: rows using /proc, /dev and mkfifo need Linux; they are skipped here.');

let area: TempArea;
let server: net.Server;

beforeAll(async () => {
  area = await makeArea();
  const { root, base, outside } = area;
  await area.write('ok.txt', 'fine\n');
  await area.write('src/a.txt', 'inner\n');
  await area.write('.env', 'SECRET=1\n');
  await area.write('.ssh/id_rsa', 'key\n');
  await fsp.writeFile(path.join(outside, 'secret.txt'), 'outside secret\n');
  await fsp.mkdir(path.join(base, 'ws-evil'));
  await fsp.writeFile(path.join(base, 'ws-evil', 'secret.txt'), 'sibling secret\n');
  const link = (target: string, name: string) => fsp.symlink(target, path.join(root, name));
  await link('../outside/secret.txt', 'link-out');
  await link('../outside', 'dir-link');
  await link('.env', 'cfg-link');
  await link('ok.txt', '.npmrc');
  await link('loop-b', 'loop-a');
  await link('loop-a', 'loop-b');
  await link('link-out', 'chain-link');
  await link('../outside/missing.txt', 'dangling-out');
  await link('..', 'up');
  await link('/dev/zero', 'zero-link');
  await link('ok.txt', 'inside-link');
  if (LINUX) execFileSync('mkfifo', [path.join(root, 'pipe')]);
  server = net.createServer();
  await new Promise<void>((done) => server.listen(path.join(root, 'sock'), done));
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await area.cleanup();
});

type Row = [label: string, value: string, expected: string];

async function codeOf(r: Promise<Resolution>): Promise<string> {
  const res = await r;
  return res.ok ? 'attached' : res.code;
}

const FILE_ROWS: Row[] = [
  ['plain relative file (control)', 'ok.txt', 'attached'],
  ['../ escape to a sibling folder', '../outside/secret.txt', 'blocked'],
  ['deep ../ escape', '../../../../../../etc/passwd', 'blocked'],
  ['many ../ (very long) escape', `${'../'.repeat(600)}etc/passwd`, 'blocked'],
  ['./ then ../ escape', './../outside/secret.txt', 'blocked'],
  ['.. alone', '..', 'blocked'],
  ['absolute path outside', '/etc/passwd', 'blocked'],
  ['absolute path with .. segments', '/etc/../etc/passwd', 'blocked'],
  ['doubled slashes', '//etc//passwd', 'blocked'],
  ['~/ outside the workspace', '~/atmark-surely-missing-file.txt', 'blocked'],
  ['~ alone (the home folder)', '~', 'blocked'],
  ['~/ protected shell rc', '~/.bashrc', 'blocked'],
  ['sibling folder whose name starts with the root name', '../ws-evil/secret.txt', 'blocked'],
  ['symlinked file leading out', 'link-out', 'blocked'],
  ['symlinked folder in the middle', 'dir-link/secret.txt', 'blocked'],
  ['chain of symlinks leading out', 'chain-link', 'blocked'],
  ['symlink up to the parent, then into the sibling', 'up/ws-evil/secret.txt', 'blocked'],
  ['symlink to a protected file inside', 'cfg-link', 'blocked'],
  ['protected name on a symlink to an ordinary file', '.npmrc', 'blocked'],
  ['symlink to /dev/zero', 'zero-link', 'blocked'],
  ['symlink loop', 'loop-a', 'not_found'],
  ['dangling symlink pointing out', 'dangling-out', 'not_found'],
  ['unix socket', 'sock', 'blocked'],
  ['NUL byte in the path', 'ok.txt\u0000.png', 'not_found'],
  ['very long path inside', `${'a/'.repeat(3000)}x.txt`, 'not_found'],
  ['URL-encoded dots are literal names', '%2e%2e/%2e%2e/etc/passwd', 'not_found'],
  ['URL-encoded slash', '..%2foutside%2fsecret.txt', 'not_found'],
  ['file: URL', 'file:///etc/passwd', 'not_found'],
  ['~user form is not expanded', '~root/.bashrc', 'blocked'],
  ['trailing slash on a file', 'ok.txt/', 'not_found'],
  ['trailing slash on a folder', 'src/', 'not_found'],
  ['. (the workspace root, a folder)', '.', 'not_found'],
  ['./ prefix inside', './ok.txt', 'attached'],
  ['.. that comes back inside', 'src/../ok.txt', 'attached'],
  ['out and back in through the root name', '../ws/ok.txt', 'attached'],
  ['symlink inside pointing inside', 'inside-link', 'attached'],
  ['.env', '.env', 'blocked'],
  ['case variation .ENV', '.ENV', 'blocked'],
  ['case variation .Env.Local', '.Env.Local', 'blocked'],
  ['case variation ID_RSA', 'keys/ID_RSA', 'blocked'],
  ['case variation .SSH folder', '.SSH/config', 'blocked'],
  ['.ssh key inside the workspace', '.ssh/id_rsa', 'blocked'],
  ['Windows-style ..\\ escape', '..\\outside\\secret.txt', 'blocked'],
  ['Windows-style deep escape', '..\\..\\..\\etc\\passwd', 'blocked'],
  ['Windows-style separator inside', 'src\\a.txt', 'attached'],
  ['mixed separators escape', '..\\/outside/secret.txt', 'blocked'],
  ['Windows drive path is a relative name here', 'C:\\Windows\\win.ini', LINUX ? 'not_found' : 'blocked'],
];

const LINUX_ROWS: Row[] = [
  ['/proc/self/environ', '/proc/self/environ', 'blocked'],
  ['/proc/self/root escape', '/proc/self/root/etc/passwd', 'blocked'],
  ['/dev/zero', '/dev/zero', 'blocked'],
  ['FIFO inside the workspace', 'pipe', 'blocked'],
];

describe('hostile paths for @file', () => {
  it.each(FILE_ROWS)('%s: %j -> %s', async (_label, value, expected) => {
    expect(await codeOf(fileResolver.resolve(makeRef('file', value), makeCtx(area.root)))).toBe(expected);
  });

  it.skipIf(!LINUX).each(LINUX_ROWS)('%s: %j -> %s', async (_label, value, expected) => {
    expect(await codeOf(fileResolver.resolve(makeRef('file', value), makeCtx(area.root)))).toBe(expected);
  });

  it.skipIf(!LINUX)('refuses /proc and device files even when granted', async () => {
    const ctx = makeCtx(area.root, { grants: ['/proc/self/environ', '/dev/zero'] });
    const environ = await fileResolver.resolve(makeRef('file', '/proc/self/environ'), ctx);
    expect(environ).toMatchObject({ ok: false, code: 'blocked' });
    const zero = await fileResolver.resolve(makeRef('file', '/dev/zero'), ctx);
    expect(zero).toMatchObject({ ok: false, code: 'blocked' });
    if (!zero.ok) expect(zero.message).toContain('device, not a regular file');
  });

  it.skipIf(!LINUX)('says a FIFO is a pipe, without waiting for a writer', async () => {
    const r = await fileResolver.resolve(makeRef('file', 'pipe'), makeCtx(area.root));
    expect(r.ok ? '' : r.message).toBe('pipe is a pipe, not a regular file, so it cannot be attached. Attach a text file instead.');
  });

  it('never reveals the real layout outside in a refusal', async () => {
    const r = await fileResolver.resolve(makeRef('file', 'link-out'), makeCtx(area.root));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toMatch(/^path is outside the allowed workspace: link-out\./);
      expect(r.message).not.toContain('secret');
    }
  });
});

const FOLDER_ROWS: Row[] = [
  ['the workspace root (control)', '.', 'attached'],
  ['../ escape', '../outside', 'blocked'],
  ['sibling with the root name as prefix', '../ws-evil', 'blocked'],
  ['symlinked folder leading out', 'dir-link', 'blocked'],
  ['symlink up to the parent', 'up', 'blocked'],
  ['absolute folder outside', '/etc', 'blocked'],
  ['home folder', '~', 'blocked'],
  ['protected folder inside', '.ssh', 'blocked'],
  ['protected folder, case variation', '.SSH', 'blocked'],
  ['Windows-style escape', '..\\outside', 'blocked'],
  ['symlink loop', 'loop-a', 'not_found'],
  ['a file', 'ok.txt', 'not_found'],
  ['NUL byte', 'src\u0000', 'not_found'],
];

describe('hostile paths for @folder', () => {
  it.each(FOLDER_ROWS)('%s: %j -> %s', async (_label, value, expected) => {
    expect(await codeOf(folderResolver.resolve(makeRef('folder', value), makeCtx(area.root)))).toBe(expected);
  });

  it.skipIf(!LINUX)('refuses /proc: blocked', async () => {
    expect(await codeOf(folderResolver.resolve(makeRef('folder', '/proc/self'), makeCtx(area.root)))).toBe('blocked');
  });

  it('does not list symlink targets, protected names or the escape routes inside the root', async () => {
    const r = await folderResolver.resolve(makeRef('folder', '.'), makeCtx(area.root));
    if (!r.ok) throw new Error(r.message);
    expect(r.text).toContain('- link-out (link)');
    expect(r.text).not.toContain('secret');
    expect(r.text).not.toMatch(/\.env|\.ssh|\.npmrc/);
  });
});
