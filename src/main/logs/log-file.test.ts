import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALL_NAMES, EVENT_NAMES, type CallName } from '../../shared/api/channels';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { validateCall } from '../../shared/api/validate';
import { createServices } from '../services';
import { createEnvSecretStore } from '../settings';
import { startOpenAiServer, type OpenAiTestServer } from '../../../test-support/openai-server';
import { createLogFile, isLoggableCode } from './log-file';
import { logCall, logCrash, logEvent } from './log-events';

let base: string;
beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-log-')));
});
afterEach(() => fs.rm(base, { recursive: true, force: true }));

describe('the log file', () => {
  it('writes one line per event with codes, numbers and booleans, and withholds anything else', async () => {
    const log = createLogFile(path.join(base, 'logs'), { now: () => new Date('2026-12-04T10:00:00Z') });
    log.info('start', { version: '0.1.0', electron: '45.5.0', windows: 1, packaged: true });
    log.warn('call', { name: 'openWorkspace', path: '/home/me/秘密/project', text: 'Summarise @file:.env please' });
    const lines = (await fs.readFile(log.file, 'utf8')).trimEnd().split('\n');
    expect(lines).toEqual([
      '2026-12-04T10:00:00.000Z info start version=0.1.0 electron=45.5.0 windows=1 packaged=true',
      '2026-12-04T10:00:00.000Z warn call name=openWorkspace path=[withheld] text=[withheld]',
    ]);
  });

  it.each(['sk-proj-Abc123def456ghi789jkl', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'AKIAIOSFODNN7EXAMPLE', 'xoxb-123456789012-abc', 'Bearer abc', 'a b', 'https://x.test/?token=abc', '/etc/passwd', '.env', '4111111111111111', 'x'.repeat(41)])('withholds %s', (value) => {
    expect(isLoggableCode(value)).toBe(false);
  });

  it.each(['crashed', 'render-process-gone', 'saveSettings', 'no_api_key', 'recent-workspaces', '45.5.0', 'linux', 'TypeError'])('writes the code %s', (value) => {
    expect(isLoggableCode(value)).toBe(true);
  });

  it('rotates to main.old.log past its size, so it never grows without bound', async () => {
    const log = createLogFile(path.join(base, 'logs'), { maxBytes: 2000 });
    for (let i = 0; i < 200; i++) log.info('tick', { i });
    const current = await fs.stat(log.file);
    const old = await fs.stat(path.join(base, 'logs', 'main.old.log'));
    expect(current.size).toBeLessThanOrEqual(2000);
    expect(old.size).toBeLessThanOrEqual(2000);
    expect(await fs.readFile(log.file, 'utf8')).toContain('i=199');
  });

  it('never throws when the folder cannot be made', async () => {
    await fs.writeFile(path.join(base, 'a-file'), '');
    const log = createLogFile(path.join(base, 'a-file', 'logs'));
    expect(() => log.error('x')).not.toThrow();
  });
});

describe('the log after a session with a key and a .env reference', () => {
  let server: OpenAiTestServer;
  afterEach(() => server?.close());

  it('holds the calls and their outcomes, and no key, token, prompt, path or file content', async () => {
    server = await startOpenAiServer();
    const root = path.join(base, 'project');
    await fs.mkdir(root);
    const envSecret = 'sk-live-0123456789abcdefABCDEF0123456789';
    await fs.writeFile(path.join(root, '.env'), `OPENAI_API_KEY=${envSecret}\nDATABASE_URL=postgres://admin:hunter2hunter2@db.internal/prod\n`);
    await fs.writeFile(path.join(root, 'notes.md'), 'Quarterly numbers: 4,218 units. 機密の計画メモ。\n');
    const apiKey = 'sk-proj-TheKeyTypedInSettings0123456789';
    const prompt = 'Please summarise these private notes for the board';
    const log = createLogFile(path.join(base, 'logs'));
    const services = createServices({ userDataDir: path.join(base, 'user'), secrets: createEnvSecretStore({ env: {} }) });
    // Wired as ipc.ts wires it: every call's outcome and every event go through the same functions.
    for (const name of EVENT_NAMES) services.on(name, (payload) => logEvent(log, name, payload));
    const call = async (name: CallName, payload: unknown) => {
      const valid = validateCall(name, payload);
      if (!valid.ok) throw new Error(`${name}: ${valid.error.message}`);
      const result = await services.call(name, valid.value as never);
      logCall(log, name, result);
      return result;
    };
    const endpoint = { id: 'openai', name: 'OpenAI', preset: 'openai', baseUrl: server.baseUrl, model: 'test-model', apiKeyRef: 'openai', contextLength: 128_000 };
    await call('saveSettings', { settings: { endpoints: [endpoint], chosenEndpointId: 'openai', limits: { ...DEFAULT_LIMITS }, allowHosts: [] } });
    await call('setApiKey', { endpointId: 'openai', key: apiKey });
    await call('openWorkspace', { path: root });
    await call('saveDraft', { text: `${prompt} @file:notes.md @file:.env` });
    await call('expand', { requestId: 'e1', text: `${prompt} @file:notes.md @file:.env`, contextLength: 128_000 });
    const sent = await call('send', { requestId: 's1', text: `${prompt} @file:notes.md @file:.env`, contextLength: 128_000 });
    expect(sent.ok).toBe(true);
    // The model server did get the key: the session was real.
    expect(JSON.stringify(server.requests.at(-1)?.headers ?? {})).toContain(apiKey);
    logCrash(log, 'main', Object.assign(new Error(`could not read ${root}/.env: ${envSecret}`), { code: 'EACCES' }));
    await services.close();

    const written = await fs.readFile(log.file, 'utf8');
    for (const call of ['saveSettings', 'setApiKey', 'openWorkspace', 'expand', 'send']) expect(written).toContain(`name=${call} ok=true`);
    expect(written).toContain('uncaught where=main name=Error code=EACCES');
    for (const secret of [apiKey, envSecret, 'hunter2', 'TheKeyTyped', prompt, 'private notes', 'Quarterly', '機密', root, base, '.env', 'notes.md', server.baseUrl, '127.0.0.1']) {
      expect(written, secret).not.toContain(secret);
    }
    expect(CALL_NAMES).toContain('setApiKey');
  });
});
