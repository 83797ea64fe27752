/**
 * Atmark's own files when they are damaged or cannot be written (issue 11, rows 13 and 14), through
 * the real services on a real temporary user-data folder: each damaged file is kept aside with a
 * timestamp (its bytes untouched) and a notice says where it went; a draft that cannot be written
 * raises a notice at once, the text stays, and the notice is withdrawn once a write succeeds.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreNotice } from '../../shared/api/contract';
import { createServices, type Services } from './services';

let base: string;
let user: string;
let services: Services | null = null;
let notices: StoreNotice[];

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-store-')));
  user = path.join(base, 'user');
  await fs.mkdir(path.join(base, 'ws'), { recursive: true });
  await fs.mkdir(user);
  notices = [];
});

afterEach(async () => {
  await services?.close();
  services = null;
  await fs.rm(base, { recursive: true, force: true });
});

function start(userDataDir = user): Services {
  services = createServices({ userDataDir });
  services.on('storeNotice', (n) => notices.push(n));
  return services;
}

/** Waits until a notice matching `test` has arrived (each test has vitest's own timeout). */
async function noticeWhere(test: (n: StoreNotice) => boolean): Promise<StoreNotice> {
  for (;;) {
    const found = notices.find(test);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const DAMAGED = '{"version": 1, "text": "half a dra';

describe('a damaged file is kept aside, and the person is told where', () => {
  it.each([
    ['draft.json', DAMAGED, async (s: Services) => s.call('getDraft', {})],
    ['settings.json', '{"version": 1, "endpoints": [', async (s: Services) => s.call('getDraft', {})],
    ['recent-workspaces.json', '[42, {"x": ', async (s: Services) => s.call('openWorkspace', { path: path.join(base, 'ws') })],
  ])('%s', async (name, content, poke) => {
    await fs.writeFile(path.join(user, name), content);
    const s = start();
    await poke(s);
    const notice = await noticeWhere((n) => n.message !== null && n.message.startsWith(`${name} could not be read`));
    const kept = (await fs.readdir(user)).find((n) => n.startsWith(`${name}.damaged-`));
    expect(kept).toMatch(/\.damaged-\d{8}-\d{6}$/);
    expect(notice.message).toContain(path.join(user, kept as string));
    expect(notice.text?.key).toBe('session.keptAside');
    expect(await fs.readFile(path.join(user, kept as string), 'utf8')).toBe(content);
  });

  it('the draft typed after a damaged one is saved to a new file; the damaged copy stays as it was', async () => {
    await fs.writeFile(path.join(user, 'draft.json'), DAMAGED);
    const s = start();
    expect(await s.call('getDraft', {})).toEqual({ ok: true, value: null });
    await s.call('saveDraft', { text: 'new words' });
    await s.close();
    services = null;
    const names = await fs.readdir(user);
    const kept = names.find((n) => n.startsWith('draft.json.damaged-')) as string;
    expect(await fs.readFile(path.join(user, kept), 'utf8')).toBe(DAMAGED);
    expect(JSON.parse(await fs.readFile(path.join(user, 'draft.json'), 'utf8')).text).toBe('new words');
  });
});

describe('a draft that cannot be written', () => {
  it('its path is a folder: a notice at once, the text kept, withdrawn after a good write', async () => {
    await fs.mkdir(path.join(user, 'draft.json'));
    const s = start();
    await s.call('saveDraft', { text: 'keep me' });
    const failed = await noticeWhere((n) => n.key === 'draft-write' && n.message !== null);
    expect(failed.message).toMatch(/^Your draft could not be saved \(could not save draft\.json \(\w+\)/);
    expect(await s.call('getDraft', {})).toMatchObject({ ok: true, value: { text: 'keep me' } });
    await fs.rm(path.join(user, 'draft.json'), { recursive: true });
    await s.call('saveDraft', { text: 'keep me, now saved' });
    await noticeWhere((n) => n.key === 'draft-write' && n.message === null);
    expect(JSON.parse(await fs.readFile(path.join(user, 'draft.json'), 'utf8')).text).toBe('keep me, now saved');
  });

  it('the settings folder is a file: a notice, the text kept', async () => {
    const notAFolder = path.join(base, 'config-file');
    await fs.writeFile(notAFolder, 'I am a file');
    const s = start(notAFolder);
    await s.call('saveDraft', { text: 'still here' });
    const failed = await noticeWhere((n) => n.key === 'draft-write' && n.message !== null);
    expect(failed.message).toMatch(/^Your draft could not be saved/);
    expect(await s.call('getDraft', {})).toMatchObject({ ok: true, value: { text: 'still here' } });
  });
});
