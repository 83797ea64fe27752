/**
 * Issue 27's processes, this checkout against an older one, in the same rounds: the cold CLI (one
 * file, `@diff`, `--help`) and the first git reference in a fresh process (each tree's own
 * `bench/git-first-call.ts`), beside `node -e 0` and the native git commands. Each round times every
 * row for both trees in turn, so the machine's noise lands on both alike; the medians are printed.
 *
 * Usage: node scripts/run-ts.mjs bench/before-after.ts BEFORE_DIR [ROUNDS]
 * BEFORE_DIR is a checkout with its own `node_modules` and its CLI built (`node scripts/build-cli.mjs`
 * there); its `bin/atmark.cjs`, or `bin/atmark.mjs` before the CLI became CommonJS, is run. The
 * repository is the git bench's (`bench/.work/git-repo`, made by `bench/generate-repo.ts`).
 * The `atmark serve` rows: `bench/server.ts` with `ATMARK_BENCH_BIN` (see there).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleForNode } from '../scripts/bundle-ts.mjs';
import { generateGitRepo } from './generate-repo';
import { median } from './median';

const [beforeArg, roundsArg] = process.argv.slice(2);
if (!beforeArg) {
  console.error('usage: node scripts/run-ts.mjs bench/before-after.ts BEFORE_DIR [ROUNDS]');
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 15);
const repo = generateGitRepo(console.log);
const here = path.resolve('.');

/** A tree's `atmark` and its first-call child, bundled inside the tree so its own packages resolve. */
async function treeOf(root: string): Promise<{ bin: string; firstCall: string }> {
  const bin = ['bin/atmark.cjs', 'bin/atmark.mjs'].map((b) => path.join(root, b)).find((b) => fs.existsSync(b));
  if (!bin) throw new Error(`${root} has no bin/atmark.cjs or bin/atmark.mjs`);
  const firstCall = path.join(root, 'node_modules', '.cache', 'atmark-bench', `git-first-call-${process.pid}.mjs`);
  fs.mkdirSync(path.dirname(firstCall), { recursive: true });
  await bundleForNode(path.join(root, 'bench', 'git-first-call.ts'), firstCall);
  return { bin, firstCall };
}

const trees = { before: await treeOf(path.resolve(beforeArg)), now: await treeOf(here) };

function wall(command: string, args: string[], cwd: string): { ms: number; out: string } {
  const t0 = performance.now();
  const run = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 256 << 20 });
  const ms = performance.now() - t0;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${run.status}: ${run.stderr}`);
  return { ms, out: run.stdout };
}

const rows = new Map<string, number[]>();
const add = (key: string, ms: number) => rows.set(key, [...(rows.get(key) ?? []), ms]);
// Unmeasured runs first: the file cache, and today's per-user code cache, as a person's earlier use leaves them.
for (const t of Object.values(trees)) {
  for (let i = 0; i < 2; i++) {
    wall(process.execPath, [t.bin, 'expand', '--json', 'hi @file:README.md'], here);
    wall(process.execPath, [t.bin, 'expand', '@diff'], repo);
  }
}
console.log(`before-after: ${ROUNDS} rounds, before ${path.resolve(beforeArg)}, repository ${repo}`);
for (let r = 0; r < ROUNDS; r++) {
  add('node -e 0', wall(process.execPath, ['-e', '0'], here).ms);
  add('git -C repo diff', wall('git', ['-C', repo, 'diff'], here).ms);
  add('git diff --staged -M', wall('git', ['-C', repo, 'diff', '--staged', '-M'], here).ms);
  add('git log -10 -p -M', wall('git', ['-C', repo, 'log', '-10', '-p', '-M'], here).ms);
  for (const [name, t] of Object.entries(trees)) {
    add(`${name}: one-file CLI`, wall(process.execPath, [t.bin, 'expand', '--json', 'hi @file:README.md'], here).ms);
    add(`${name}: CLI @diff`, wall(process.execPath, [t.bin, 'expand', '@diff'], repo).ms);
    add(`${name}: --help`, wall(process.execPath, [t.bin, '--help'], here).ms);
    for (const ref of ['@diff', '@staged', '@git:10']) {
      const out = wall(process.execPath, [t.firstCall, repo, ref], here).out.trim().split('\n').pop() as string;
      add(`${name}: first ${ref}`, (JSON.parse(out) as { ms: number }).ms);
    }
  }
}
for (const [key, xs] of rows) console.log(`${key.padEnd(24)} median ${median(xs).toFixed(1)} ms  (${xs.map((x) => x.toFixed(0)).join(' ')})`);
