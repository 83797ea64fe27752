import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSession } from '../sessions';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { runCli } from './main';
import type { CommandIO } from './expand-command';

let ws: TempWorkspace;
let root: string;
afterEach(() => {
  ws?.cleanup();
  rmSync(root, { recursive: true, force: true });
});

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CommandIO = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readStdin: async () => '', cwd: ws.root };
  const code = await runCli(args, io);
  return { code, out, err };
}

function setup(): string {
  ws = makeWorkspace();
  ws.write('a.txt', 'alpha ```` fence\nbeta\n');
  root = mkdtempSync(join(tmpdir(), 'atmark-cli-session-'));
  return join(root, 'session');
}

describe('atmark expand --session DIR', () => {
  it('records the expansion as a run, gives each attached reference its resultId, and @result cites it later', async () => {
    const dir = setup();
    const first = await run(['expand', '--json', '--session', dir, 'look at @file:a.txt and @file:nope.txt']);
    expect(first.code).toBe(0);
    const json = JSON.parse(first.out);
    expect(json.references.map((r: { status: string }) => r.status)).toEqual(['attached', 'not_found']);
    const id = json.references[0].resultId as string;
    expect(id).toMatch(/^r-[a-z2-7]{8}$/);
    expect(json.references[1].resultId).toBeNull();
    expect(Object.keys(json.references[0])).toEqual(['raw', 'kind', 'target', 'lineStart', 'lineEnd', 'status', 'bytes', 'tokens', 'sha256', 'source', 'resultId']);

    const opened = await openSession(dir, { create: false });
    if (!opened.ok) throw new Error(opened.message);
    expect(json.session).toEqual({ id: opened.session.id, dir, runId: expect.stringMatching(/^run-/) });
    const runs = await opened.session.listRuns();
    expect(runs.items).toEqual([expect.objectContaining({ id: json.session.runId, status: 'expanded', attached: 1 })]);

    // The stored block is attached byte for byte by a later expansion of the same session.
    const block = (await opened.session.lookup(id, new AbortController().signal))!.text;
    const second = await run(['expand', '--json', '--session', dir, `compare @result:${id}`]);
    const cited = JSON.parse(second.out);
    expect(cited.references[0]).toMatchObject({ kind: 'result', status: 'attached', source: { resultId: id }, bytes: Buffer.byteLength(block) });
    expect(cited.message).toContain(`\n${block}\n`);
    expect(cited.references[0].resultId).toMatch(/^r-/);
    expect(cited.references[0].resultId).not.toBe(id);
  });

  it('@result of another session, an unknown id, or no --session at all is not_found', async () => {
    const dir = setup();
    const other = join(root, 'other');
    const made = JSON.parse((await run(['expand', '--json', '--session', other, '@file:a.txt'])).out);
    const foreign = made.references[0].resultId as string;

    const out = JSON.parse((await run(['expand', '--json', '--session', dir, `@result:${foreign} @result:r-abcdefgh`])).out);
    expect(out.references.map((r: { status: string }) => r.status)).toEqual(['not_found', 'not_found']);
    expect(out.warnings.map((w: { code: string }) => w.code)).toEqual(['not_found', 'not_found']);

    const none = JSON.parse((await run(['expand', '--json', `@result:${foreign}`])).out);
    expect(none.references[0].status).toBe('not_found');
    expect(none.warnings[0].message).toMatch(/no session is open/);
    expect(none).not.toHaveProperty('session');
  });

  it('plain output is only the expanded message; a blocked expansion is not recorded', async () => {
    const dir = setup();
    const plain = await run(['expand', '--session', dir, 'see @file:a.txt']);
    expect(plain.code).toBe(0);
    expect(plain.err).toBe('');
    expect(plain.out.startsWith('see @file:a.txt\n\n--- Attached Context ---')).toBe(true);
    ws.write('big.txt', 'word '.repeat(3000));
    const blocked = await run(['expand', '--session', dir, '--context-length', '1000', 'see @file:big.txt']);
    expect(blocked.code).toBe(1);
    expect(readdirSync(join(dir, 'runs'))).toHaveLength(1);
  });

  it('refuses a folder that holds other files, with one line on standard error', async () => {
    setup();
    writeFileSync(join(root, 'notes.txt'), 'my notes');
    const out = await run(['expand', '--session', root, 'hello']);
    expect(out.code).toBe(2);
    expect(out.out).toBe('');
    expect(out.err).toMatch(/is not an Atmark session folder/);
    expect(out.err.trim().split('\n')).toHaveLength(1);
  });
});
