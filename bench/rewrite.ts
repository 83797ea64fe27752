/**
 * The 500,000-line rewrite of issue 11 (row 6b): `@git:1` and `@diff` on a repository whose last
 * commit, and whose working tree, rewrite every line of one file, against native `git log -1 -p` and
 * `git diff`. A benchmark, not a test: it prints figures (warm runs, medians of 5).
 * Run: node scripts/run-ts.mjs bench/rewrite.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResolveContext } from '../src/main/resolve';
import { createEngineCaches } from '../src/main/engine/caches';
import { diffResolver } from '../src/main/resolvers/diff';
import { logResolver } from '../src/main/resolvers/log';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import type { ParsedReference } from '../src/shared/reference';

const LINES = 500_000;
const RUNS = 5;
const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'atmark-bench-rewrite-')));
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'B', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'B', GIT_COMMITTER_EMAIL: 'b@example.com' };
const git = (...args: string[]): Buffer => execFileSync('git', args, { cwd: dir, env, maxBuffer: 1 << 28 });
const numbered = (prefix: string): string => Array.from({ length: LINES }, (_, i) => `${prefix}${i}\n`).join('');

git('init', '-q');
fs.writeFileSync(path.join(dir, 'big.txt'), numbered('a'));
git('add', '.');
git('commit', '-qm', 'first');
fs.writeFileSync(path.join(dir, 'big.txt'), numbered('b'));
git('commit', '-qam', 'rewrite every line');
fs.writeFileSync(path.join(dir, 'big.txt'), numbered('c'));

const context = (limitBytes: number): ResolveContext => ({
  workspaceRoot: dir,
  home: path.join(dir, 'no-home'),
  grants: new Set(),
  limits: { ...DEFAULT_LIMITS, maxReferenceBytes: limitBytes },
  signal: new AbortController().signal,
  now: () => new Date(),
  caches: createEngineCaches(),
  allowHosts: [],
});
const ref = (kind: 'git' | 'diff'): ParsedReference =>
  kind === 'git' ? { raw: '@git:1', kind, value: '1', count: 1, from: 0, to: 6, quoted: false } : { raw: '@diff', kind, value: '', from: 0, to: 5, quoted: false };

async function median(work: () => Promise<unknown> | unknown): Promise<number> {
  await work(); // warm
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  return times.sort((x, y) => x - y)[Math.floor(RUNS / 2)] as number;
}

const whole = context(64 * 1024 * 1024);
const capped = context(DEFAULT_LIMITS.maxReferenceBytes);
const rows: Array<[string, number]> = [
  ['@git:1, whole patch', await median(() => logResolver.resolve(ref('git'), whole))],
  ['@git:1, default limit (too_large)', await median(() => logResolver.resolve(ref('git'), capped))],
  ['native git log -1 -p', await median(() => git('log', '-1', '-p'))],
  ['@diff, whole patch', await median(() => diffResolver.resolve(ref('diff'), whole))],
  ['@diff, default limit (too_large)', await median(() => diffResolver.resolve(ref('diff'), capped))],
  ['native git diff', await median(() => git('diff'))],
];
const same = async (kind: 'git' | 'diff', native: Buffer): Promise<string> => {
  const r = await (kind === 'git' ? logResolver : diffResolver).resolve(ref(kind), whole);
  return r.ok && r.text === native.toString('utf8') ? 'yes' : 'no';
};
console.log(`## ${LINES.toLocaleString('en-US')}-line rewrite (warm, median of ${RUNS})`);
console.log('| what | ms |\n|---|---|');
for (const [what, t] of rows) console.log(`| ${what} | ${t.toFixed(0)} |`);
console.log(`same text as native: @git:1 ${await same('git', git('log', '-1', '-p'))}, @diff ${await same('diff', git('diff'))}`);
fs.rmSync(dir, { recursive: true, force: true });
