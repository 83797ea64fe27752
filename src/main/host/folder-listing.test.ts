import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crumbsOf, expandPath, listFolders } from './folder-listing';

let base: string;
let home: string;
let outside: string;

beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-folders-')));
  home = path.join(base, 'home');
  outside = path.join(base, 'elsewhere');
  for (const dir of ['projects/alpha', 'projects/beta', 'projects/item10', 'projects/item9', '.ssh', 'Documents']) await fs.mkdir(path.join(home, dir), { recursive: true });
  await fs.mkdir(path.join(outside, 'secret-project'), { recursive: true });
  await fs.writeFile(path.join(home, 'projects', 'notes.txt'), 'never listed\n');
  await fs.writeFile(path.join(home, '.ssh', 'id_ed25519'), 'never listed\n');
  await fs.symlink(path.join(home, 'projects', 'alpha'), path.join(home, 'projects', 'alpha-link'));
  await fs.symlink(outside, path.join(home, 'out-link'));
});

afterAll(() => fs.rm(base, { recursive: true, force: true }));

const names = (listing: { folders: Array<{ name: string }> }) => listing.folders.map((f) => f.name);

describe('listFolders', () => {
  it('lists home by default: folders only, hidden ones left out', async () => {
    const answer = await listFolders({ path: '', typed: false }, home);
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.path).toBe(home);
    expect(names(answer.value)).toEqual(['Documents', 'out-link', 'projects']);
    expect(answer.value.crumbs).toEqual([{ name: 'home', path: home }]);
  });

  it('never lists files, sorts numbers naturally and follows links to folders', async () => {
    const answer = await listFolders({ path: '~/projects', typed: false }, home);
    if (!answer.ok) throw new Error(answer.error.message);
    expect(names(answer.value)).toEqual(['alpha', 'alpha-link', 'beta', 'item9', 'item10']);
    expect(answer.value.crumbs.map((c) => c.name)).toEqual(['home', 'projects']);
    expect(answer.value.parent).toBe(home);
  });

  it.each([
    ['an absolute path outside home', () => outside],
    ['a parent of home', () => base],
    ['the root', () => '/'],
    ['a climb out of home', () => '~/../elsewhere'],
    ['a link out of home', () => path.join(home, 'out-link')],
  ])('refuses %s when browsing, and lists it when typed', async (_name, target) => {
    const browsing = await listFolders({ path: target(), typed: false }, home);
    expect(browsing.ok ? 'listed' : browsing.error.code).toBe('forbidden');
    const typed = await listFolders({ path: target(), typed: true }, home);
    expect(typed.ok).toBe(true);
  });

  it('says what is wrong with a missing folder or a file', async () => {
    const missing = await listFolders({ path: '~/nope', typed: true }, home);
    expect(missing.ok ? null : missing.error).toMatchObject({ code: 'not_found', message: expect.stringContaining('~/nope') });
    const file = await listFolders({ path: '~/projects/notes.txt', typed: true }, home);
    expect(file.ok ? null : file.error.code).toBe('not_a_folder');
  });
});

describe('paths and crumbs', () => {
  it.each([
    ['', '/h/me'],
    ['~', '/h/me'],
    ['~/a/b', '/h/me/a/b'],
    ['a', '/h/me/a'],
    ['/etc', '/etc'],
  ])('%j -> %s', (input, expected) => {
    expect(expandPath(input, '/h/me')).toBe(expected);
  });

  it('starts the trail at home inside it, at the root outside', () => {
    expect(crumbsOf('/h/me/a/b', '/h/me').map((c) => c.path)).toEqual(['/h/me', '/h/me/a', '/h/me/a/b']);
    expect(crumbsOf('/srv/x', '/h/me').map((c) => c.name)).toEqual(['/', 'srv', 'x']);
  });
});
