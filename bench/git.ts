/**
 * The git bench: times Atmark's `@diff`, `@staged` and `@git:10` on the generated repository (see
 * generate-repo.ts) next to native `git diff`, `git diff --staged` and `git log -10 -p` in the same
 * run: warm (the engine already used the repository once, same caches), and the first call in a
 * fresh process with the code loaded. Also checks the engine's text equals native git's.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ResolveContext, Resolver } from '../src/main/resolve';
import { createEngineCaches, type EngineCaches } from '../src/main/engine/caches';
import { diffResolver } from '../src/main/resolvers/diff';
import { logResolver } from '../src/main/resolvers/log';
import { stagedResolver } from '../src/main/resolvers/staged';
import { DEFAULT_LIMITS, MiB } from '../src/shared/limits';
import type { ParsedReference } from '../src/shared/reference';
import { generateGitRepo } from './generate-repo';
import { median } from './median';

/** One row of the bench's result. */
export interface GitBenchRow {
  reference: string;
  native: string;
  nativeMs: number;
  warmMs: number;
  /** First call in a fresh process (code loaded, caches empty), median of {@link FIRST_RUNS} processes. */
  firstMs: number;
  /**
   * First expansion through the engine in a fresh process (tokenizing and redaction included), with
   * nothing of git read yet, and after the engine worker's warm-up; medians of {@link FIRST_RUNS}.
   */
  engineColdMs: number;
  engineWarmedMs: number;
  warmRatio: number;
  identical: boolean;
}

const RUNS = 7;
/**
 * Fresh processes per first call. Seven, not three: one process's first `@staged` ranged from
 * about 58 to 100 ms here, and the median of three moved by 11 ms between two runs of the same
 * code (issue 27).
 */
const FIRST_RUNS = 7;

/** One git reference of the bench and the native command it is compared with. */
export interface GitCase {
  resolver: Resolver;
  ref: ParsedReference;
  nativeArgs: string[];
}

/** The three git references and their native equivalents (`-M`: renames are detected as git's default does). */
export const GIT_CASES: GitCase[] = [
  { resolver: diffResolver, ref: { raw: '@diff', kind: 'diff', value: '', from: 0, to: 5, quoted: false }, nativeArgs: ['diff'] },
  { resolver: stagedResolver, ref: { raw: '@staged', kind: 'staged', value: '', from: 0, to: 7, quoted: false }, nativeArgs: ['diff', '--staged', '-M'] },
  { resolver: logResolver, ref: { raw: '@git:10', kind: 'git', value: '10', count: 10, from: 0, to: 7, quoted: false }, nativeArgs: ['log', '-10', '-p', '-M'] },
];

/** A resolve context for the bench: limits raised so the whole patch is produced and timed. */
export function gitBenchContext(dir: string, caches: EngineCaches): ResolveContext {
  const limits = { ...DEFAULT_LIMITS, maxReferenceBytes: 64 * MiB, maxTotalBytes: 64 * MiB };
  // The engine resolves against the workspace's real path (a folder reached through a symlink included): so does the bench.
  return { workspaceRoot: fs.realpathSync(dir), home: os.homedir(), grants: new Set(), limits, signal: new AbortController().signal, now: () => new Date(), caches, allowHosts: [] };
}

function runNative(dir: string, args: string[]): string {
  return execFileSync('git', ['-c', 'core.quotepath=true', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, GIT_PAGER: 'cat' } });
}

/** Resolves one git case and times it. */
export async function timeGitCase(c: GitCase, ctx: ResolveContext): Promise<{ ms: number; text: string }> {
  const t0 = performance.now();
  const res = await c.resolver.resolve(c.ref, ctx);
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${c.ref.raw} failed in the bench: ${res.code}: ${res.message}`);
  return { ms, text: res.text };
}

/** Runs `bench/<script>` in a new Node process (from the current folder) and returns the `ms` it prints last. */
function msInChild(script: string, ...args: string[]): number {
  const out = execFileSync(process.execPath, [path.join('scripts', 'run-ts.mjs'), path.join('bench', script), ...args], { encoding: 'utf8' });
  return Number(JSON.parse(out.trim().split('\n').pop() as string).ms);
}

async function benchCase(dir: string, c: GitCase): Promise<GitBenchRow> {
  const first: number[] = [];
  const engineCold: number[] = [];
  const engineWarmed: number[] = [];
  for (let i = 0; i < FIRST_RUNS; i++) {
    // Each a new process: the first call with the code loaded (git-first-call.ts), and the first
    // expansion through the engine, cold and after the worker's warm-up (git-engine-first.ts).
    first.push(msInChild('git-first-call.ts', dir, c.ref.raw));
    engineCold.push(msInChild('git-engine-first.ts', dir, c.ref.raw, 'cold'));
    engineWarmed.push(msInChild('git-engine-first.ts', dir, c.ref.raw, 'warmed'));
  }
  const ctx = gitBenchContext(dir, createEngineCaches());
  const once = await timeGitCase(c, ctx);
  const warm: number[] = [];
  const native: number[] = [];
  let nativeText = '';
  // Interleaved pairs, so machine noise hits both sides alike.
  // The warm texts are compared too: from the second call on, `@diff` reuses the records its
  // watched working tree vouches for (src/main/git/views/scan-memo.ts).
  let warmIdentical = true;
  for (let i = 0; i < RUNS; i++) {
    const timed = await timeGitCase(c, ctx);
    warm.push(timed.ms);
    const t0 = performance.now();
    nativeText = runNative(dir, c.nativeArgs);
    native.push(performance.now() - t0);
    warmIdentical &&= timed.text === nativeText;
  }
  const nativeMs = median(native);
  const warmMs = median(warm);
  return {
    reference: c.ref.raw,
    native: `git ${c.nativeArgs.join(' ')}`,
    nativeMs,
    warmMs,
    firstMs: median(first),
    engineColdMs: median(engineCold),
    engineWarmedMs: median(engineWarmed),
    warmRatio: warmMs / nativeMs,
    identical: once.text === nativeText && warmIdentical,
  };
}

const fmt = (ms: number): string => `${ms.toFixed(1)} ms`;

/** Runs the git bench, prints a table, and returns its rows. */
export async function runGitBench(log: (line: string) => void = console.log): Promise<GitBenchRow[]> {
  const dir = generateGitRepo(log);
  log(`## Git on ${dir} (medians of ${RUNS} interleaved warm pairs; first call = median of ${FIRST_RUNS} fresh processes)`);
  const rows: GitBenchRow[] = [];
  for (const c of GIT_CASES) rows.push(await benchCase(dir, c));
  log('reference | native command                      | native    | warm      | ratio  | first call | engine first: cold -> after warm-up | same text');
  for (const r of rows) {
    log([r.reference.padEnd(9), r.native.padEnd(35), fmt(r.nativeMs).padStart(9), fmt(r.warmMs).padStart(9), `${r.warmRatio.toFixed(2)}x`.padEnd(6), fmt(r.firstMs).padStart(10), `${fmt(r.engineColdMs)} -> ${fmt(r.engineWarmedMs)}`.padEnd(35), r.identical ? 'yes' : 'NO'].join(' | '));
  }
  return rows;
}

// Run directly: node scripts/run-ts.mjs bench/git.ts
if (process.argv[1]?.endsWith('bench/git.ts')) {
  const rows = await runGitBench();
  if (rows.some((r) => !r.identical)) process.exitCode = 1;
}
