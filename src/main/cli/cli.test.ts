import { execFile } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, type TempWorkspace } from '../testing/workspace';
import { runCli } from './main';
import type { CommandIO } from './expand-command';

let ws: TempWorkspace;
afterEach(() => ws?.cleanup());

/** Runs the CLI in-process and captures what it prints. */
async function run(args: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CommandIO = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readStdin: async () => stdin,
    cwd: ws.root,
  };
  const code = await runCli(args, io);
  return { code, out, err };
}

describe('atmark expand', () => {
  it('prints the expanded message for the current folder', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'alpha\n');
    const { code, out, err } = await run(['expand', 'look at @file:a.txt']);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toContain('look at @file:a.txt\n\n--- Attached Context ---');
    expect(out).toContain('```\nalpha\n```');
  });

  it('--json gives the whole result with references, warnings and tokens', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'alpha\n');
    const { code, out } = await run(['expand', '--json', '--workspace', ws.root, '@file:a.txt @file:nope.txt']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['message', 'originalMessage', 'blocked', 'tokens', 'references', 'warnings']));
    expect(json.references[0]).toMatchObject({ raw: '@file:a.txt', kind: 'file', status: 'attached', bytes: 6, lineStart: null, lineEnd: null });
    expect(Object.keys(json.references[0])).toEqual(['raw', 'kind', 'target', 'lineStart', 'lineEnd', 'status', 'bytes', 'tokens', 'sha256', 'source']);
    expect(json.references[1]).toMatchObject({ status: 'not_found', sha256: null });
    expect(json.warnings).toEqual([expect.objectContaining({ code: 'not_found', reference: '@file:nope.txt' })]);
  });

  it('reads the message from standard input with "-"', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'alpha\n');
    const { code, out } = await run(['expand', '-'], 'from stdin @file:a.txt');
    expect(code).toBe(0);
    expect(out.startsWith('from stdin @file:a.txt')).toBe(true);
  });

  it('exits 1 when the hard limit blocks attaching', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'word '.repeat(2000));
    const { code, out, err } = await run(['expand', '--context-length', '1000', 'see @file:a.txt']);
    expect(code).toBe(1);
    expect(out).toBe('see @file:a.txt\n');
    expect(err).toMatch(/hard token limit/);
  });

  it('grants one file outside the workspace with --grant', async () => {
    ws = makeWorkspace();
    const outside = makeWorkspace();
    try {
      const file = outside.write('notes.txt', 'granted\n');
      const refused = await run(['expand', '--json', `@file:${file}`]);
      expect(JSON.parse(refused.out).references[0].status).toBe('blocked');
      const granted = await run(['expand', '--json', '--grant', file, `@file:${file}`]);
      expect(JSON.parse(granted.out).references[0].status).toBe('attached');
    } finally {
      outside.cleanup();
    }
  });

  const usage: Array<[string[], RegExp]> = [
    [['expand'], /no message given/],
    [['expand', 'a', 'b'], /expected one message/],
    [['expand', '--context-length', 'lots', 'x'], /--context-length takes a whole number/],
    [['expand', '--context-length', '0', 'x'], /--context-length takes a whole number/],
    [['expand', '--bogus', 'x'], /bogus/],
    [['expand', '--workspace', '/nonexistent/atmark', 'x'], /workspace folder not found/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [[], /no command given/],
  ];
  it.each(usage)('usage error %j exits 2 with one line', async (args, why) => {
    ws = makeWorkspace();
    const { code, out, err } = await run(args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(why);
    expect(err.trim().split('\n')).toHaveLength(1);
  });
});

describe('the installed bin', () => {
  it('runs with plain node and agrees with the in-process CLI', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'alpha\n');
    const { stdout, code } = await new Promise<{ stdout: string; code: number }>((resolve) => {
      const child = execFile(process.execPath, ['bin/atmark.mjs', 'expand', '--workspace', ws.root, 'see @file:a.txt'], (error, stdout) =>
        resolve({ stdout, code: error ? Number(error.code) : 0 }),
      );
      child.stdin?.end();
    });
    expect(code).toBe(0);
    expect(stdout).toBe((await run(['expand', 'see @file:a.txt'])).out);
  });
});
