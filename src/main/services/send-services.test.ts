import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SendProgress, SettingsInput } from '../../shared/api/session-types';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { createEnvSecretStore } from '../settings';
import { DEFAULT_REPLY, startOpenAiServer, type OpenAiTestServer } from '../../../test-support/openai-server';
import { createServices, type Services } from './services';

/**
 * Settings, Send, sessions, `@result` and drafts through the services, as both transports call
 * them: a real workspace folder, a real user-data folder, a real OpenAI-compatible server on loopback.
 */

let base: string;
let root: string;
let userDataDir: string;
let server: OpenAiTestServer;
let services: Services;

const endpoint = (baseUrl: string): SettingsInput['endpoints'][number] => ({ id: 'openai', name: 'OpenAI', preset: 'openai', baseUrl, model: 'test-model', apiKeyRef: 'openai', contextLength: 128_000 });
const settingsFor = (baseUrl: string): SettingsInput => ({ endpoints: [endpoint(baseUrl)], chosenEndpointId: 'openai', limits: { ...DEFAULT_LIMITS }, allowHosts: [] });
const make = (env: Record<string, string> = { ATMARK_API_KEY_OPENAI: 'sk-unit' }) => createServices({ workspace: root, userDataDir, secrets: createEnvSecretStore({ env }) });

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-send-services-')));
  root = path.join(base, 'project');
  userDataDir = path.join(base, 'user');
  await fs.mkdir(root, { recursive: true });
  await fs.writeFile(path.join(root, 'notes.md'), 'The notes say hello.\n');
  server = await startOpenAiServer();
  services = make();
});

afterEach(async () => {
  await services.close();
  await server.close();
  await fs.rm(base, { recursive: true, force: true });
});

describe('settings', () => {
  it('saves endpoints and says whether a key is set, never the key', async () => {
    const empty = await services.call('getSettings', {});
    expect(empty).toMatchObject({ ok: true, value: { endpoints: [], chosenEndpointId: null, keysPersist: false } });
    const saved = await services.call('saveSettings', { settings: settingsFor(server.baseUrl) });
    expect(saved).toMatchObject({ ok: true, value: { chosenEndpointId: 'openai', endpoints: [{ id: 'openai', hasApiKey: true }] } });
    expect(JSON.stringify(saved)).not.toContain('sk-unit');
    const onDisk = JSON.parse(await fs.readFile(path.join(userDataDir, 'settings.json'), 'utf8')) as { endpoints: Array<{ baseUrl: string }> };
    expect(onDisk.endpoints[0]?.baseUrl).toBe(server.baseUrl);
  });

  it('refuses settings that do not make sense, with the field named', async () => {
    const bad = await services.call('saveSettings', { settings: { ...settingsFor('ftp://example.com'), chosenEndpointId: 'openai' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    if (!bad.ok) expect(bad.error.message).toMatch(/baseUrl/);
  });

  it('keeps a key typed in the browser host in memory only', async () => {
    const keyless = make({});
    await keyless.call('saveSettings', { settings: settingsFor(server.baseUrl) });
    expect(await keyless.call('send', { requestId: 's', text: 'hi', contextLength: 128_000 })).toMatchObject({ ok: false, error: { code: 'no_api_key' } });
    expect(await keyless.call('setApiKey', { endpointId: 'openai', key: 'sk-typed' })).toMatchObject({ ok: true, value: { endpoints: [{ hasApiKey: true }] } });
    await keyless.close();
    expect(await fs.readdir(userDataDir)).not.toContain('secrets.json');
  });
});

describe('send', () => {
  it('a session that cannot be written raises a notice that stays until a Send is recorded (issue 11, row 14)', async () => {
    await services.call('saveSettings', { settings: settingsFor(server.baseUrl) });
    const notices: Array<{ key: string; message: string | null }> = [];
    services.on('storeNotice', (n) => notices.push(n));
    await fs.writeFile(path.join(userDataDir, 'sessions'), 'a file where the sessions folder goes');
    const failed = await services.call('send', { requestId: 's1', text: 'hi', contextLength: 128_000 });
    expect(failed).toMatchObject({ ok: false, error: { code: 'failed' } });
    expect(notices.at(-1)).toMatchObject({ key: 'session-write', message: expect.stringMatching(/^could not create the session folder/) });
    await fs.rm(path.join(userDataDir, 'sessions'));
    expect(await services.call('send', { requestId: 's2', text: 'hi', contextLength: 128_000 })).toMatchObject({ ok: true });
    expect(notices.at(-1)).toEqual({ key: 'session-write', message: null });
  });

  it('without an endpoint says to configure one', async () => {
    expect(await services.call('send', { requestId: 's', text: 'hi', contextLength: 128_000 })).toMatchObject({ ok: false, error: { code: 'no_endpoint' } });
  });

  it('sends the fresh expansion, streams deltas as events, and records the run', async () => {
    await services.call('saveSettings', { settings: settingsFor(server.baseUrl) });
    const events: SendProgress[] = [];
    services.on('sendProgress', (p) => events.push(p));
    const preview = await services.call('expand', { requestId: 'e', text: 'Read @file:notes.md', contextLength: 128_000 });
    const answer = await services.call('send', { requestId: 's1', text: 'Read @file:notes.md', contextLength: 128_000 });
    expect(answer).toMatchObject({ ok: true, value: { run: { status: 'done', reply: DEFAULT_REPLY, number: 1 }, error: null } });
    const body = JSON.parse(server.requests.at(-1)?.body ?? '{}') as { messages: Array<{ content: string }> };
    expect(body.messages[0]?.content).toBe(preview.ok ? preview.value.message : null);
    expect(events[0]).toMatchObject({ requestId: 's1', type: 'run' });
    expect(events.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : '')).join('')).toBe(DEFAULT_REPLY);

    const runs = await services.call('listRuns', { sessionId: null });
    expect(runs).toMatchObject({ ok: true, value: [{ number: 1, status: 'done' }] });
    const exported = await services.call('exportRun', { sessionId: null, runId: answer.ok ? answer.value.run.id : '' });
    expect(exported.ok && exported.value.markdown).toContain('## Citations');
  });

  it('Stop (cancel with the request id) ends a slow stream as stopped', async () => {
    await services.call('saveSettings', { settings: settingsFor(server.baseUrl) });
    server.setMode({ kind: 'stream', reply: 'x'.repeat(400), chunkChars: 2, delayMs: 20 });
    services.on('sendProgress', (p) => void (p.type === 'delta' && services.call('cancel', { requestId: 's2' })));
    const answer = await services.call('send', { requestId: 's2', text: 'go', contextLength: 128_000 });
    expect(answer).toMatchObject({ ok: true, value: { run: { status: 'stopped' }, error: { code: 'stopped' } } });
  });

  it('offers the session results for @result and resolves them from the current session only', async () => {
    await services.call('saveSettings', { settings: settingsFor(server.baseUrl) });
    await services.call('send', { requestId: 's3', text: 'Read @file:notes.md', contextLength: 128_000 });
    const choices = await services.call('complete', { requestId: 'c', source: 'result', query: '' });
    const items = choices.ok ? choices.value : [];
    expect(items.map((i) => (i.type === 'result' ? i.label : ''))).toEqual(expect.arrayContaining(['reply of run 1 (test-model)', '@file:notes.md in run 1']));
    const reply = items.find((i) => i.type === 'result' && i.label?.startsWith('reply'));
    const id = reply?.type === 'result' ? reply.id : '';
    const cited = await services.call('expand', { requestId: 'e2', text: `see @result:${id}`, contextLength: 128_000 });
    expect(cited.ok && cited.value.references[0]?.status).toBe('attached');
    expect(cited.ok && cited.value.message).toContain(`\n${DEFAULT_REPLY}\n`);

    await services.call('newSession', {});
    const elsewhere = await services.call('expand', { requestId: 'e3', text: `see @result:${id}`, contextLength: 128_000 });
    expect(elsewhere.ok && elsewhere.value.references[0]?.status).toBe('not_found');
    const sessions = await services.call('listSessions', {});
    expect(sessions.ok && sessions.value.sessions.length).toBe(2);
  });
});

describe('drafts', () => {
  it('come back with their workspace after a restart', async () => {
    await services.call('saveDraft', { text: 'half a thought about @file:notes.md' });
    await services.close();
    services = createServices({ userDataDir, secrets: createEnvSecretStore({ env: {} }) });
    expect(await services.call('getDraft', {})).toMatchObject({ ok: true, value: { text: 'half a thought about @file:notes.md', workspace: root } });
    expect(await services.call('getWorkspace', {})).toMatchObject({ ok: true, value: { root } });
  });
});
