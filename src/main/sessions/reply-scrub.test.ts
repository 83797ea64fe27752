/**
 * Keys echoed back (issue 26, finding 12): an endpoint that puts the Authorization header's key into
 * its reply (split across stream pieces) or its error body. Through a real send against a loopback
 * server, the key must not reach the pieces shown, the run, the result, or any file of the session.
 */
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { createResultResolver } from '../resolvers/result';
import { endpointFromPreset } from '../settings/presets';
import { startOpenAiServer, type OpenAiTestServer, type ServerMode } from '../../../test-support/openai-server';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { keyScrubber } from './reply-scrub';
import { send } from './send';
import { openSession } from './session-store';

let server: OpenAiTestServer | undefined;
let ws: TempWorkspace | undefined;
let root = '';
afterEach(async () => {
  await server?.close();
  ws?.cleanup();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** A key of the usual shape, assembled here so the tree holds none. */
const KEY = ['sk', 'proj', 'Zq8vR2mLk9TpW4xHn3', 'Bc7Df1Gh5Jk'].join('-');

/** Every file under `dir`, read as text. */
function filesUnder(dir: string): Array<[string, string]> {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return [file, fs.readFileSync(file, 'utf8')] as [string, string];
    });
}

async function sendWith(mode: ServerMode): Promise<{ shown: string; outcome: Awaited<ReturnType<typeof send>> }> {
  server = await startOpenAiServer(mode);
  ws = makeWorkspace();
  ws.write('a.txt', 'alpha\n');
  root = fs.mkdtempSync(path.join(tmpdir(), 'atmark-scrub-'));
  const opened = await openSession(path.join(root, 'session'));
  if (!opened.ok) throw new Error(opened.message);
  const engine = createEngine({ workspace: ws.root, resolvers: [createResultResolver(opened.session.lookup)] });
  const endpoint = endpointFromPreset('custom', [], { name: 'Echo', baseUrl: server.baseUrl, model: 'm' });
  let shown = '';
  const outcome = await send({ engine, session: opened.session, endpoint, apiKey: KEY, message: 'see @file:a.txt', onDelta: (d) => (shown += d), checkpointMs: 5 });
  return { shown, outcome };
}

describe('the API key echoed by the endpoint', () => {
  it('in the streamed reply, split across pieces: shown, run, result and files hold [REDACTED:api-key]', async () => {
    const { shown, outcome } = await sendWith({ kind: 'stream', reply: `Debug: your header was Bearer ${KEY} and that is all.`, chunkChars: 7, delayMs: 2 });
    expect(shown).toContain('[REDACTED:api-key]');
    expect(shown).not.toContain(KEY);
    expect(shown).toContain('and that is all.');
    expect(outcome.run?.reply).not.toContain(KEY);
    const files = filesUnder(root);
    expect(files.length).toBeGreaterThan(1);
    expect(files.filter(([, text]) => text.includes(KEY)).map(([f]) => f)).toEqual([]);
  });

  it('in an error body: the sentence and the stored run hold none of it', async () => {
    const { outcome } = await sendWith({ kind: 'error', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.message).not.toContain(KEY);
    expect(JSON.stringify(outcome.text)).not.toContain(KEY);
    expect(filesUnder(root).filter(([, text]) => text.includes(KEY)).map(([f]) => f)).toEqual([]);
  });

  it('the scrubber holds back only what may start the key', () => {
    const s = keyScrubber(KEY);
    expect(s.push('plain text, ')).toBe('plain text, ');
    expect(s.push(`then ${KEY.slice(0, 10)}`)).toBe('then ');
    expect(s.push(`${KEY.slice(10)} end`)).toBe('[REDACTED:api-key] end');
    expect(s.push('sk')).toBe('');
    expect(s.end()).toBe('sk');
    // A short key (a local server's placeholder word) is not looked for.
    expect(keyScrubber('ollama').push('ollama is running')).toBe('ollama is running');
  });
});
