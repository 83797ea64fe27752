import { execFile } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { runCli } from './main';
import type { CommandIO } from './expand-command';

let ws: TempWorkspace;
afterEach(() => ws?.cleanup());

/** Runs the CLI in-process and captures what it prints. */
async function run(args: string[], stdin = '', language: CommandIO['language'] = 'en'): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CommandIO = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readStdin: async () => stdin,
    cwd: ws.root,
    language,
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

  it('attaches a file that holds special-token text, counted as ordinary text', async () => {
    ws = makeWorkspace();
    ws.write('chat.txt', 'a transcript: <|im_start|>user\nhello<|im_end|> and <|endoftext|>\n');
    const { code, out, err } = await run(['expand', '--json', 'see @file:chat.txt']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.references[0]).toMatchObject({ status: 'attached' });
    expect(json.references[0].tokens).toBeGreaterThan(10);
    expect(json.message).toContain('<|endoftext|>');
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
    [['expand', '--allow-host', 'http://intranet.local/', 'x'], /--allow-host takes HOST or HOST:PORT .*not "http:\/\/intranet\.local\/"/],
    [['expand', '--allow-host', '127.0.0.1:99999', 'x'], /--allow-host takes HOST or HOST:PORT/],
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

describe('languages', () => {
  it('usage errors follow the terminal language', async () => {
    ws = makeWorkspace();
    expect((await run(['frobnicate'], '', 'ja')).err).toMatch(/^atmark: 不明なコマンド「frobnicate」です/);
    expect((await run(['expand', '--context-length', '0', 'x'], '', 'ko')).err).toMatch(/--context-length에는 0보다 큰/);
    expect((await run(['--help'], '', 'ja')).out).toMatch(/^使い方:/);
  });

  it('--prompt-language writes the warnings into the prompt in that language, and refuses an unknown one', async () => {
    ws = makeWorkspace();
    const ja = await run(['expand', '--prompt-language', 'ja', 'これを見て @file:nope.txt']);
    expect(ja.code).toBe(0);
    expect(ja.out).toContain('--- Context Warnings ---\n- @file:nope.txt: ファイルが見つかりません: nope.txt。');
    const en = await run(['expand', 'これを見て @file:nope.txt']);
    expect(en.out).toContain('- @file:nope.txt: file not found: nope.txt.');
    const bad = await run(['expand', '--prompt-language', 'fr', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--prompt-language takes en, ja or ko, not "fr"/);
  });

  it('the bin picks the language from LANG and LC_ALL', async () => {
    ws = makeWorkspace();
    const err = await new Promise<string>((resolve) => {
      const child = execFile(process.execPath, ['bin/atmark.cjs', 'frobnicate'], { env: { ...process.env, LC_ALL: 'ko_KR.UTF-8', LANG: 'en_US.UTF-8' } }, (_e, _o, stderr) => resolve(stderr));
      child.stdin?.end();
    });
    expect(err).toMatch(/알 수 없는 명령 "frobnicate"/);
  });
});

describe('the installed bin', () => {
  it('runs with plain node and agrees with the in-process CLI', async () => {
    // The bin counts with the rank file built into dist/, the in-process CLI parses the ranks from
    // gpt-tokenizer's data file: the token counts in the block headers must agree.
    ws = makeWorkspace();
    ws.write('a.txt', 'alpha\n日本語の説明と한국어 설명, <|endoftext|> and code: const x = [1, 2, 3];\n');
    const { stdout, code } = await new Promise<{ stdout: string; code: number }>((resolve) => {
      const child = execFile(process.execPath, ['bin/atmark.cjs', 'expand', '--workspace', ws.root, 'see @file:a.txt'], { env: { ...process.env, LC_ALL: 'C' } }, (error, stdout) =>
        resolve({ stdout, code: error ? Number(error.code) : 0 }),
      );
      child.stdin?.end();
    });
    expect(code).toBe(0);
    expect(stdout).toBe((await run(['expand', 'see @file:a.txt'])).out);
  });
});
