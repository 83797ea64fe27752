import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_FILE } from '../sessions/draft';
import { SETTINGS_FILE } from '../settings/store';
import { DRAFT_FILE_NAME, hostLanguageTags, readStartState, SETTINGS_FILE_NAME } from './start-state';

let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-start-state-'));
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const read = (pageConnected = false) => readStartState({ userDataDir: dir, systemLanguageTags: ['ko-KR'], pageConnected });

describe('the start state the door reads', () => {
  it('reads the files the settings and draft stores write', () => {
    expect(SETTINGS_FILE_NAME).toBe(SETTINGS_FILE);
    expect(DRAFT_FILE_NAME).toBe(DRAFT_FILE);
  });

  it('says "no draft" when there is no draft file, and no language when there are no settings', async () => {
    expect(await read()).toEqual({ systemLanguageTags: ['ko-KR'], draft: null, models: { endpoints: [], chosenEndpointId: null } });
  });

  it('reads the draft text and the chosen language', async () => {
    await fs.writeFile(path.join(dir, DRAFT_FILE), JSON.stringify({ version: 1, text: '続きを書く @file:a.md', workspace: null, grants: [], savedAt: '2026-01-01T00:00:00Z' }));
    const endpoint = { id: 'local', name: ' ローカル ', preset: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2', apiKeyRef: null, contextLength: 8192 };
    await fs.writeFile(path.join(dir, SETTINGS_FILE), JSON.stringify({ version: 1, language: 'ja', endpoints: [endpoint], chosenEndpointId: 'local' }));
    expect(await read()).toEqual({
      systemLanguageTags: ['ko-KR'],
      language: 'ja',
      draft: '続きを書く @file:a.md',
      // Only what the model picker shows, trimmed as the settings schema trims it.
      models: { endpoints: [{ id: 'local', name: 'ローカル', model: 'llama3.2' }], chosenEndpointId: 'local' },
    });
  });

  it('leaves out what it cannot read plainly, for the API to judge', async () => {
    await fs.writeFile(path.join(dir, DRAFT_FILE), '{"version":1,"text":');
    await fs.writeFile(path.join(dir, SETTINGS_FILE), JSON.stringify({ language: 'fr', endpoints: [{ id: 'x', name: 'X' }] }));
    expect(await read()).toEqual({ systemLanguageTags: ['ko-KR'] });
    await fs.writeFile(path.join(dir, DRAFT_FILE), JSON.stringify({ version: 2, text: 'newer format' }));
    await fs.writeFile(path.join(dir, SETTINGS_FILE), '{"endpoints": [');
    expect(await read()).toEqual({ systemLanguageTags: ['ko-KR'] });
    await fs.writeFile(path.join(dir, DRAFT_FILE), Buffer.from([0x7b, 0xff, 0x7d]));
    expect(await read()).toEqual({ systemLanguageTags: ['ko-KR'] });
  });

  it('does not hang on a FIFO in the draft\'s place', async () => {
    execFileSync('mkfifo', [path.join(dir, DRAFT_FILE)]);
    expect(await read()).toEqual({ systemLanguageTags: ['ko-KR'], models: { endpoints: [], chosenEndpointId: null } });
  });

  it('leaves the draft out once a page has connected (the API may hold a newer one)', async () => {
    await fs.writeFile(path.join(dir, DRAFT_FILE), JSON.stringify({ version: 1, text: 'on disk', workspace: null, grants: [], savedAt: '2026-01-01T00:00:00Z' }));
    expect(await read(true)).toEqual({ systemLanguageTags: ['ko-KR'], models: { endpoints: [], chosenEndpointId: null } });
  });

  it('takes the host\'s locale for the system language, and C or POSIX as none', () => {
    expect(hostLanguageTags(undefined, { LANG: 'ja_JP.UTF-8' })).toEqual(['ja_JP.UTF-8']);
    expect(hostLanguageTags(undefined, { LC_ALL: 'C.UTF-8' })).toEqual([]);
    expect(hostLanguageTags(['ko'], { LANG: 'ja_JP.UTF-8' })).toEqual(['ko']);
  });
});
