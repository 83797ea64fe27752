/**
 * Two windows on one store (issue 26, finding 11): two service instances (the app and a browser
 * host, or two `atmark serve`) over one real user-data folder. A change one window saved is never
 * undone by the other without a word: the settings save is refused with a sentence and the settings
 * on disk are shown; a draft goes to a file of its own, and a notice names it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreNotice } from '../../shared/api/contract';
import type { SettingsInput, SettingsView } from '../../shared/api/session-types';
import type { Sentence } from '../storage';
import { createDraftStore } from '../sessions/draft';
import { createSettingsService } from './settings-service';
import { createServices, type Services } from './services';

let user: string;
const running: Services[] = [];
beforeEach(async () => {
  user = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-two-'));
});
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  await fs.rm(user, { recursive: true, force: true });
});

/** What the settings view would send back for `view`, changed by `edit`. */
function input(view: SettingsView, edit: (i: SettingsInput) => SettingsInput): SettingsInput {
  const endpoints = view.endpoints.map(({ hasApiKey: _h, ...e }) => e);
  return edit({ endpoints, chosenEndpointId: view.chosenEndpointId, limits: view.limits, allowHosts: view.allowHosts });
}

describe('two windows on one settings file', () => {
  it("B's save after A added an endpoint is refused with a sentence, and A's endpoint stays", async () => {
    const a = createSettingsService(user);
    const b = createSettingsService(user);
    const seenA = await a.view();
    const seenB = await b.view();
    if (!seenA.ok || !seenB.ok) throw new Error('settings not loaded');
    const added = { id: 'lab', name: 'Lab server', preset: 'custom' as const, baseUrl: 'http://127.0.0.1:8000/v1', model: 'm', contextLength: 8192, apiKeyRef: null };
    const savedA = await a.save(input(seenA.value, (i) => ({ ...i, endpoints: [...i.endpoints, added] })));
    expect(savedA.ok).toBe(true);
    const savedB = await b.save(input(seenB.value, (i) => ({ ...i, limits: { ...i.limits, maxGitCommits: 7 } })));
    expect(savedB.ok).toBe(false);
    if (!savedB.ok) expect(savedB.error.message).toMatch(/changed in another window/);
    const onDisk = JSON.parse(await fs.readFile(path.join(user, 'settings.json'), 'utf8'));
    expect(onDisk.endpoints.map((e: { id: string }) => e.id)).toContain('lab');
    // B now shows the file as it is, and its next save goes through.
    const again = await b.view();
    if (!again.ok) throw new Error('no view');
    expect(again.value.endpoints.map((e) => e.id)).toContain('lab');
    expect((await b.save(input(again.value, (i) => ({ ...i, limits: { ...i.limits, maxGitCommits: 7 } })))).ok).toBe(true);
    const last = JSON.parse(await fs.readFile(path.join(user, 'settings.json'), 'utf8'));
    expect([last.limits.maxGitCommits, last.endpoints.some((e: { id: string }) => e.id === 'lab')]).toEqual([7, true]);
  });
});

describe('two windows on one draft', () => {
  it("B's draft after A wrote goes to its own file, named in a notice; A's stays in draft.json", async () => {
    const conflicts: Sentence[] = [];
    const a = createDraftStore(user, { intervalMs: 5 });
    const b = createDraftStore(user, { intervalMs: 5, onConflict: (s) => conflicts.push(s) });
    await a.load();
    await b.load();
    a.save({ text: 'typed in window A', workspace: null, grants: [] });
    await a.flush();
    b.save({ text: 'typed in window B', workspace: null, grants: [] });
    await b.flush();
    expect(JSON.parse(await fs.readFile(path.join(user, 'draft.json'), 'utf8')).text).toBe('typed in window A');
    expect(conflicts).toHaveLength(1);
    const own = (await fs.readdir(user)).find((n) => n.startsWith('draft.window-')) as string;
    expect(conflicts[0]?.message).toContain(own);
    expect(JSON.parse(await fs.readFile(path.join(user, own), 'utf8')).text).toBe('typed in window B');
    // B keeps writing to its own file; A keeps draft.json.
    b.save({ text: 'more from B', workspace: null, grants: [] });
    await b.flush();
    a.save({ text: 'more from A', workspace: null, grants: [] });
    await a.flush();
    expect(JSON.parse(await fs.readFile(path.join(user, own), 'utf8')).text).toBe('more from B');
    expect(JSON.parse(await fs.readFile(path.join(user, 'draft.json'), 'utf8')).text).toBe('more from A');
    await a.close();
    await b.close();
  });

  it('one window alone writes draft.json as before, with no notice', async () => {
    const notices: StoreNotice[] = [];
    const s = createServices({ userDataDir: user });
    running.push(s);
    s.on('storeNotice', (n) => notices.push(n));
    await s.call('getDraft', {});
    const a = createDraftStore(user, { intervalMs: 5, onConflict: () => notices.push({ key: 'x', message: 'conflict' }) });
    await a.load();
    for (const t of ['one', 'two', 'three']) {
      a.save({ text: t, workspace: null, grants: [] });
      await a.flush();
    }
    expect(JSON.parse(await fs.readFile(path.join(user, 'draft.json'), 'utf8')).text).toBe('three');
    expect(notices.filter((n) => n.message === 'conflict')).toEqual([]);
  });
});
