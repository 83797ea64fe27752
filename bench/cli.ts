/**
 * The CLI start-up bench: `atmark expand --json 'hi @file:README.md'` and `atmark --help`, each a
 * new Node process, against `node -e 0` in interleaved pairs (the same machine noise hits both);
 * and `atmark expand '@diff'` on the 10k-file git bench repository against `git -C REPO diff`
 * (issue 27: the cold CLI's first git reference, anchored on what git itself takes).
 *
 * `NODE_EXTRA_CA_CERTS` makes every Node process read and parse that file as it starts, before
 * any of its own code runs: on the bench machine, whose environment names a bundle of about 145
 * certificates, `node -e 0` takes about 65 ms with it and 27 without (400 M instructions of 520 M).
 * A person's machine seldom sets it. So when it is set, {@link runCliBench} is also run with it
 * removed from every command's environment (Atmark's, `node -e 0`'s and git's alike).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { generateGitRepo } from './generate-repo';
import { median } from './median';

/** Medians of one command and of `node -e 0` timed beside it. */
export interface CliBenchRow {
  what: string;
  ms: number;
  nodeMs: number;
  /** What `ms` is compared with (`node -e 0` unless the case names its own anchor) and its median. */
  anchor: string;
  anchorMs: number;
}

const RUNS = 9;

/** How the commands start: the bench's own environment without `without`'s variables. */
export interface CliBenchStart {
  without: string[];
  /** Only the cases with a goal (not the run without a code cache). */
  goalsOnly?: boolean;
}

/** Variables that change how any Node process starts and are set here, to measure without. */
export function startVariablesSet(): string[] {
  return ['NODE_EXTRA_CA_CERTS'].filter((name) => process.env[name] !== undefined);
}

/** `command` run once in `env` (with `GIT_PAGER=cat`), timed. */
function time(env: NodeJS.ProcessEnv, args: string[], cwd: string, command = process.execPath): number {
  const t0 = performance.now();
  execFileSync(command, args, { cwd, stdio: 'ignore', env: { ...env, GIT_PAGER: 'cat' } });
  return performance.now() - t0;
}

/** Times the CLI cases in interleaved pairs with `node -e 0` and prints them. */
export function runCliBench(root = process.cwd(), start: CliBenchStart = { without: [] }): CliBenchRow[] {
  const startEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of start.without) delete startEnv[name];
  const bin = path.join(root, 'bin', 'atmark.cjs');
  const repo = generateGitRepo(console.log);
  const nodeAnchor = { anchor: 'node -e 0', command: process.execPath, args: ['-e', '0'] };
  const cases: Array<{ what: string; args: string[]; cwd: string; anchor: { anchor: string; command: string; args: string[] }; env?: Record<string, string> }> = [
    { what: "atmark expand --json 'hi @file:README.md'", args: [bin, 'expand', '--json', 'hi @file:README.md'], cwd: root, anchor: nodeAnchor },
    { what: 'atmark --help', args: [bin, '--help'], cwd: root, anchor: nodeAnchor },
    { what: "atmark expand '@diff' (10k-file repo)", args: [bin, 'expand', '@diff'], cwd: repo, anchor: { anchor: 'git -C REPO diff', command: 'git', args: ['-C', repo, 'diff'] } },
    // For information: the first run after a build, before any code cache is written.
    { what: "atmark expand --json 'hi @file:README.md', no code cache", args: [bin, 'expand', '--json', 'hi @file:README.md'], cwd: root, anchor: nodeAnchor, env: { ATMARK_CODE_CACHE: 'off' } },
  ].slice(0, start.goalsOnly ? 3 : undefined);
  const how = start.without.length > 0 ? `, every command started without ${start.without.join(', ')}` : '';
  console.log(`## CLI start-up (${RUNS} interleaved pairs with the anchor of each, in ${root}${how})`);
  const rows: CliBenchRow[] = [];
  for (const c of cases) {
    // The first run fills the page cache and the CLI's code cache (src/main/cli/code-cache.ts), as
    // any earlier use of the command has on a person's machine.
    const env = { ...startEnv, ...c.env };
    time(env, c.args, c.cwd);
    const a: number[] = [];
    const n: number[] = [];
    const anchor: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      a.push(time(env, c.args, c.cwd));
      n.push(time(startEnv, ['-e', '0'], root));
      if (c.anchor !== nodeAnchor) anchor.push(time(startEnv, c.anchor.args, c.cwd, c.anchor.command));
    }
    const nodeMs = median(n);
    const row = { what: c.what, ms: median(a), nodeMs, anchor: c.anchor.anchor, anchorMs: anchor.length > 0 ? median(anchor) : nodeMs };
    console.log(`${c.what.padEnd(42)} ${row.ms.toFixed(1)} ms, ${row.anchor} ${row.anchorMs.toFixed(1)} ms = ${(row.ms / row.anchorMs).toFixed(2)}x (node -e 0 ${nodeMs.toFixed(1)} ms)`);
    rows.push(row);
  }
  return rows;
}

// Run directly: node scripts/run-ts.mjs bench/cli.ts
if (process.argv[1] && /(^|[\\/])cli\.(ts|mjs|js)$/.test(process.argv[1])) {
  runCliBench();
  if (startVariablesSet().length > 0) runCliBench(process.cwd(), { without: startVariablesSet(), goalsOnly: true });
}
