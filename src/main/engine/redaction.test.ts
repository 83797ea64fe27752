import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createResultResolver } from '../resolvers/result';
import { openSession } from '../sessions';
import { buildFakeSecrets } from '../../../test-support/secret-corpus';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { createEngine } from './engine';

let ws: TempWorkspace;
afterEach(() => ws?.cleanup());

/**
 * Redaction happens in the engine, for every kind, before anything is counted or rendered: the
 * expanded message, the citations and the token counts never see a secret.
 */
describe('secrets in attached text', () => {
  const secrets = buildFakeSecrets();

  it('are redacted from files, folders-of-files, staged and unstaged patches and commits alike', async () => {
    ws = makeWorkspace({ git: true });
    const body = secrets.map((s) => s.line).join('\n') + '\n';
    ws.write('config/settings.txt', 'safe line\n');
    ws.git('add', '.');
    ws.git('commit', '-q', '-m', 'settings');
    ws.write('config/settings.txt', `safe line\n${body}`);
    ws.write('notes.txt', body);
    ws.write('staged.txt', body);
    ws.git('add', 'staged.txt');
    ws.git('commit', '-q', '-m', 'add staged', '--allow-empty');
    ws.write('staged.txt', `${body}more\n`);
    ws.git('add', 'staged.txt');
    const engine = createEngine({ workspace: ws.root, contextLength: 1_000_000 });
    const result = await engine.expand('@file:notes.txt @diff @staged @git:1');
    expect(result.references.map((r) => [r.raw, r.status])).toEqual([
      ['@file:notes.txt', 'attached'],
      ['@diff', 'attached'],
      ['@staged', 'attached'],
      ['@git:1', 'attached'],
    ]);
    for (const secret of secrets) expect(result.message).not.toContain(secret.secret);
    expect(result.message).toContain('[REDACTED:');
    for (const raw of ['@file:notes.txt', '@diff', '@git:1']) {
      expect(result.warnings.some((w) => w.code === 'redacted' && w.reference === raw)).toBe(true);
    }
  });

  it('are redacted from web pages and stored results too', async () => {
    ws = makeWorkspace();
    const body = secrets.map((s) => s.line).join('\n') + '\n';
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(body));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const opened = await openSession(join(ws.root, '.session'));
      if (!opened.ok) throw new Error(opened.message);
      const session = opened.session;
      const plain = await createEngine({ workspace: ws.root }).expand('hello');
      const run = await session.createRun(plain, { workspace: ws.root, endpoint: null, status: 'running' });
      if (!run.ok) throw new Error('could not create a run');
      const stored = await session.storeReply(run.value, body, null);
      if (!stored.ok) throw new Error('could not store the reply');
      const resultId = stored.value.replyResultId as string;
      const engine = createEngine({
        workspace: ws.root,
        contextLength: 1_000_000,
        allowHosts: [`127.0.0.1:${port}`],
        resolvers: [createResultResolver(session.lookup)],
      });
      const result = await engine.expand(`@url:http://127.0.0.1:${port}/config.txt @result:${resultId}`);
      expect(result.references.map((r) => r.status)).toEqual(['attached', 'attached']);
      for (const secret of secrets) expect(result.message).not.toContain(secret.secret);
      for (const r of result.references) expect(result.warnings.some((w) => w.code === 'redacted' && w.reference === r.raw)).toBe(true);
    } finally {
      server.close();
    }
  });

  it('invisible characters are shown, with a warning', async () => {
    ws = makeWorkspace();
    ws.write('trick.md', 'Hello\u202Edlrow\u202C and \u200Bhidden\n');
    const result = await createEngine({ workspace: ws.root }).expand('@file:trick.md');
    expect(result.message).not.toMatch(/[\u202E\u200B]/);
    expect(result.message).toContain('[U+202E]');
    expect(result.warnings.map((w) => w.code)).toContain('redacted');
  });
});
