import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { runCli } from './main';
import type { CommandIO } from './expand-command';

/**
 * `atmark expand` on Japanese and Korean messages (issue 9's table), in a real temporary git
 * workspace: every row attaches the right file, in process and through the built bin.
 */

let ws: TempWorkspace;

beforeAll(() => {
  ws = makeWorkspace({ git: true });
  ws.write('src/app.ts', Array.from({ length: 30 }, (_, i) => `const line${i + 1} = ${i + 1};\n`).join(''));
  ws.write('a.ts', 'export const a = 1;\n');
  ws.write('docs/会議メモ.md', '# 会議メモ\n');
  ws.write('회의 기록.md', '# 회의 기록\n');
  ws.write('tracked.txt', 'one\n');
  ws.git('add', '.');
  ws.git('commit', '-q', '-m', 'files');
  ws.write('tracked.txt', 'one\ntwo\n');
  // A name stored decomposed, as a copy from macOS keeps it; the messages below type it composed.
  ws.write('가이드.md'.normalize('NFD'), '# 가이드\n');
});

afterAll(() => ws?.cleanup());

async function expandJson(message: string): Promise<{ references: Array<Record<string, unknown>>; warnings: unknown[] }> {
  let out = '';
  const io: CommandIO = { stdout: (t) => void (out += t), stderr: () => undefined, readStdin: async () => '', cwd: ws.root };
  const code = await runCli(['expand', '--json', '--workspace', ws.root, message], io);
  expect(code).toBe(0);
  return JSON.parse(out);
}

type Row = [message: string, raw: string, kind: string, target: string, lines?: [number, number]];

const rows: Row[] = [
  ['これは@file:src/app.tsです', '@file:src/app.ts', 'file', 'src/app.ts'],
  ['@file:src/app.tsを見てください', '@file:src/app.ts', 'file', 'src/app.ts'],
  ['@file:src/app.ts。', '@file:src/app.ts', 'file', 'src/app.ts'],
  ['@file:src/app.ts:10-20。', '@file:src/app.ts:10-20', 'file', 'src/app.ts', [10, 20]],
  ['@diffを見て', '@diff', 'diff', ''],
  ['@diff를 확인', '@diff', 'diff', ''],
  ['@file:src/app.ts를 봐주세요', '@file:src/app.ts', 'file', 'src/app.ts'],
  ['（@file:src/app.ts）', '@file:src/app.ts', 'file', 'src/app.ts'],
  ['「@file:a.ts」を参照', '@file:a.ts', 'file', 'a.ts'],
  ['＠file：src/app.ts：１０－２０', '＠file：src/app.ts：１０－２０', 'file', 'src/app.ts', [10, 20]],
  ['@file:docs/会議メモ.mdを確認', '@file:docs/会議メモ.md', 'file', 'docs/会議メモ.md'],
  ['@file:"회의 기록.md"를 봐주세요', '@file:"회의 기록.md"', 'file', '회의 기록.md'],
  ['이 @file:가이드.md를 봐', '@file:가이드.md', 'file', '가이드.md'.normalize('NFD')],
];

describe('atmark expand reads references inside Japanese and Korean sentences', () => {
  it.each(rows)('%j attaches %j', async (message, raw, kind, target, lines) => {
    const json = await expandJson(message);
    expect(json.warnings).toEqual([]);
    expect(json.references).toHaveLength(1);
    const ref = json.references[0];
    expect(ref).toMatchObject({ raw, kind, status: 'attached', lineStart: lines?.[0] ?? null, lineEnd: lines?.[1] ?? null });
    if (kind === 'file') expect(ref?.target).toBe(target);
  });

  it('a line range attaches exactly those lines', async () => {
    let out = '';
    const io: CommandIO = { stdout: (t) => void (out += t), stderr: () => undefined, readStdin: async () => '', cwd: ws.root };
    await runCli(['expand', '@file:src/app.ts:10-20。'], io);
    expect(out).toContain('const line10 = 10;');
    expect(out).toContain('const line20 = 20;');
    expect(out).not.toContain('const line21 = 21;');
    expect(out).not.toContain('const line9 = 9;');
  });

  it('the built bin agrees (run "npm run build:cli" after changing the grammar)', async () => {
    const message = rows.map((r) => r[0]).join('\n');
    let inProcess = '';
    const io: CommandIO = { stdout: (t) => void (inProcess += t), stderr: () => undefined, readStdin: async () => '', cwd: ws.root };
    await runCli(['expand', '--workspace', ws.root, message], io);
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = execFile(process.execPath, ['bin/atmark.cjs', 'expand', '--workspace', ws.root, message], { maxBuffer: 8 << 20 }, (error, out) =>
        error ? reject(error) : resolve(out),
      );
      child.stdin?.end();
    });
    expect(stdout).toBe(inProcess);
    expect(stdout).not.toContain('--- Context Warnings ---');
  });
});
