/**
 * The git bench: times Atmark's `@diff`, `@staged` and `@git:5` on the generated repository (see
 * generate-repo.ts) next to native `git diff`, `git diff --staged` and `git log -5 -p` in the same
 * run, and prints medians and ratios against these targets:
 * warm (the engine already used the repository once, same caches) within 4x, 8x and 15x native;
 * cold (fresh caches, first call) under 3 s each. Also checks the engine's text equals native git's.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createEngineCaches, type EngineCaches, type ResolveContext, type Resolver } from '../src/main/engine/resolver';
import { diffResolver } from '../src/main/resolvers/diff';
import { logResolver } from '../src/main/resolvers/log';
import { stagedResolver } from '../src/main/resolvers/staged';
import { DEFAULT_LIMITS, MiB } from '../src/shared/limits';
import type { ParsedReference } from '../src/shared/reference';
import { generateGitRepo } from './generate-repo';

/** One row of the bench's result. */
export interface GitBenchRow {
  reference: string;
  native: string;
  nativeMs: number;
  warmMs: number;
  coldMs: number;
  warmRatio: number;
  warmTarget: number;
  coldTargetMs: number;
  identical: boolean;
  pass: boolean;
}

const RUNS = 7;
const COLD_RUNS = 3;

interface Case {
  resolver: Resolver;
  ref: ParsedReference;
  nativeArgs: string[];
  warmTarget: number;
}

const CASES: Case[] = [
  { resolver: diffResolver, ref: { raw: '@diff', kind: 'diff', value: '', from: 0, to: 5, quoted: false }, nativeArgs: ['diff'], warmTarget: 4 },
  { resolver: stagedResolver, ref: { raw: '@staged', kind: 'staged', value: '', from: 0, to: 7, quoted: false }, nativeArgs: ['diff', '--staged', '--no-renames'], warmTarget: 8 },
  { resolver: logResolver, ref: { raw: '@git:5', kind: 'git', value: '5', count: 5, from: 0, to: 6, quoted: false }, nativeArgs: ['log', '-5', '-p', '--no-renames'], warmTarget: 15 },
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function context(dir: string, caches: EngineCaches): ResolveContext {
  // Limits raised so the whole patch is produced and timed, whatever its size.
  const limits = { ...DEFAULT_LIMITS, maxReferenceBytes: 64 * MiB, maxTotalBytes: 64 * MiB };
  return { workspaceRoot: dir, home: os.homedir(), grants: new Set(), limits, signal: new AbortController().signal, now: () => new Date(), caches, allowHosts: [] };
}

function runNative(dir: string, args: string[]): string {
  return execFileSync('git', ['-c', 'core.quotepath=true', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, GIT_PAGER: 'cat' } });
}

async function timeEngine(c: Case, ctx: ResolveContext): Promise<{ ms: number; text: string }> {
  const t0 = performance.now();
  const res = await c.resolver.resolve(c.ref, ctx);
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${c.ref.raw} failed in the bench: ${res.code}: ${res.message}`);
  return { ms, text: res.text };
}

async function benchCase(dir: string, c: Case): Promise<GitBenchRow> {
  const cold: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) cold.push((await timeEngine(c, context(dir, createEngineCaches()))).ms);
  const ctx = context(dir, createEngineCaches());
  const first = await timeEngine(c, ctx);
  const warm: number[] = [];
  const native: number[] = [];
  let nativeText = '';
  for (let i = 0; i < RUNS; i++) {
    warm.push((await timeEngine(c, ctx)).ms);
    const t0 = performance.now();
    nativeText = runNative(dir, c.nativeArgs);
    native.push(performance.now() - t0);
  }
  const nativeMs = median(native);
  const warmMs = median(warm);
  // The first cold run also pays for loading code; the slowest cold run is the one held to the target.
  const coldMs = Math.max(...cold);
  const warmRatio = warmMs / nativeMs;
  return {
    reference: c.ref.raw,
    native: `git ${c.nativeArgs.join(' ')}`,
    nativeMs,
    warmMs,
    coldMs,
    warmRatio,
    warmTarget: c.warmTarget,
    coldTargetMs: 3000,
    identical: first.text === nativeText,
    pass: warmRatio <= c.warmTarget && coldMs < 3000,
  };
}

const fmt = (ms: number): string => `${ms.toFixed(1)} ms`;

/** Runs the git bench, prints a table, and returns its rows. */
export async function runGitBench(log: (line: string) => void = console.log): Promise<GitBenchRow[]> {
  const dir = generateGitRepo(log);
  log(`git bench on ${dir} (medians of ${RUNS} warm runs; cold = slowest of ${COLD_RUNS} first calls with fresh caches)`);
  const rows: GitBenchRow[] = [];
  for (const c of CASES) rows.push(await benchCase(dir, c));
  log('reference | native command                      | native    | warm      | ratio (target) | cold (target <3 s) | same text | result');
  for (const r of rows) {
    log(
      [
        r.reference.padEnd(9),
        r.native.padEnd(35),
        fmt(r.nativeMs).padStart(9),
        fmt(r.warmMs).padStart(9),
        `${r.warmRatio.toFixed(2)}x (<=${r.warmTarget}x)`.padEnd(14),
        fmt(r.coldMs).padStart(18),
        (r.identical ? 'yes' : 'NO').padEnd(9),
        r.pass ? 'pass' : 'FAIL',
      ].join(' | '),
    );
  }
  return rows;
}

// Run directly: node scripts/run-ts.mjs bench/git.ts
if (process.argv[1]?.endsWith('bench/git.ts')) {
  const rows = await runGitBench();
  if (rows.some((r) => !r.pass)) process.exitCode = 1;
}
