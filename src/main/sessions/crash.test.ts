/**
 * Crash tests: a real child process doing what the app does is killed with SIGKILL, then its files
 * are read back as a restarted app would read them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { perTestCleanup } from '../../../test-support/per-test-cleanup';
import { startOpenAiServer, type OpenAiTestServer } from '../../../test-support/openai-server';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { createDraftStore } from './draft';
import { openSession } from './session-store';

const ROOT = resolve(import.meta.dirname, '../../..');
const CHILD = join(import.meta.dirname, '../../../test-support/crash-child.ts');

const cleanup = perTestCleanup();
const tempDir = (): string => cleanup.tempDir('atmark-crash-');

/** Starts the child and collects its output lines; `waitFor` resolves when a line matches. */
function startChild(args: string[]): { child: ChildProcess; lines: string[]; waitFor(test: (line: string) => boolean, ms?: number): Promise<void> } {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/run-ts.mjs'), CHILD, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanup.later(() => child.exitCode === null && child.kill('SIGKILL'));
  const lines: string[] = [];
  const waiters: Array<{ test: (l: string) => boolean; done: () => void }> = [];
  let rest = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => void (stderr += c.toString()));
  child.stdout!.on('data', (c: Buffer) => {
    const parts = (rest + c.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const w of waiters.filter((w) => w.test(line))) w.done();
    }
  });
  return {
    child,
    lines,
    waitFor: (test, ms = 20_000) =>
      new Promise<void>((resolvePromise, reject) => {
        if (lines.some(test)) return resolvePromise();
        const timer = setTimeout(() => reject(new Error(`child did not get there; stderr: ${stderr}`)), ms);
        waiters.push({ test, done: () => (clearTimeout(timer), resolvePromise()) });
      }),
  };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((r) => {
    if (child.exitCode !== null || child.signalCode !== null) return r();
    child.once('exit', () => r());
  });
}

describe('SIGKILL while typing', () => {
  it('loses no draft text typed more than a second before the kill, and the draft file is whole', async () => {
    const dir = tempDir();
    const run = startChild(['draft', dir]);
    await run.waitFor((l) => l.startsWith('typed '));
    await new Promise((r) => setTimeout(r, 1800));
    const killedAt = Date.now();
    run.child.kill('SIGKILL');
    await killed(run.child);

    const typed = run.lines.filter((l) => l.startsWith('typed ')).map((l) => l.split(' ').map(Number) as [number, number, number]);
    const mustHave = Math.max(...typed.filter(([, , at]) => at <= killedAt - 1000).map(([, n]) => n));
    expect(mustHave).toBeGreaterThan(10);

    const { draft, problem } = await createDraftStore(dir).load();
    expect(problem).toBeNull();
    expect(draft).not.toBeNull();
    expect(readdirSync(dir)).toEqual(['draft.json']);
    const lines = draft!.text.trimEnd().split('\n');
    const savedN = Number(lines.at(-1)!.split(' ')[1]);
    expect(savedN).toBeGreaterThanOrEqual(mustHave);
    // The text is the prefix typed up to savedN, whole: no torn or mixed write.
    expect(draft!.text).toBe(Array.from({ length: savedN }, (_, i) => `line ${i + 1}\n`).join(''));
    expect(draft!.workspace).toBe('/tmp/workspace');
    expect(draft!.grants).toEqual(['/tmp/granted.txt']);
    console.log(`draft crash: ${typed.length} keystrokes, kill lost the last ${typed.at(-1)![1] - savedN} (allowed: those after n=${mustHave})`);
  }, 40_000);
});

describe('SIGKILL while streaming', () => {
  let server: OpenAiTestServer;
  let ws: TempWorkspace;

  it('keeps every completed run whole, and the interrupted one as far as it was saved', async () => {
    server = await startOpenAiServer({ kind: 'stream', reply: 'A slow and careful answer. '.repeat(12), chunkChars: 6, delayMs: 15 });
    cleanup.later(() => server.close());
    ws = makeWorkspace();
    cleanup.later(() => ws.cleanup());
    ws.write('a.txt', 'the attached file\n');
    const sessionDir = join(tempDir(), 'session');

    const run = startChild(['send', sessionDir, server.baseUrl, ws.root]);
    await run.waitFor((l) => l === 'done 2');
    await run.waitFor((l) => l === 'delta 3 20');
    run.child.kill('SIGKILL');
    await killed(run.child);

    const opened = await openSession(sessionDir, { create: false });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const session = opened.session;
    const { items, problems } = await session.listRuns();
    expect(problems).toEqual([]);
    expect(items.map((r) => r.status)).toEqual(['done', 'done', 'interrupted']);
    for (const summary of items.slice(0, 2)) {
      const full = await session.readRun(summary.id);
      expect(full.ok).toBe(true);
      if (!full.ok) continue;
      expect(full.value.reply).toBe('A slow and careful answer. '.repeat(12));
      const reply = await session.lookup(full.value.replyResultId!, new AbortController().signal);
      expect(reply?.text).toBe(full.value.reply);
      expect(full.value.references[0]!.resultId).toMatch(/^r-/);
    }
    const third = await session.readRun(items[2]!.id);
    expect(third.ok && third.value.error?.code).toBe('interrupted');
    // Checkpoints every 100 ms: most of what streamed before the kill is on disk.
    if (third.ok) expect('A slow and careful answer. '.repeat(12).startsWith(third.value.reply)).toBe(true);
    // A checkpoint cut off by the kill may leave a temp file; reopening the session sweeps it.
    expect(readdirSync(join(sessionDir, 'runs')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
