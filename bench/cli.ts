/**
 * The CLI start-up bench: `atmark expand --json 'hi @file:README.md'` and `atmark --help`, each a
 * new Node process, against `node -e 0` in interleaved pairs (the same machine noise hits both).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Medians of one command and of `node -e 0` timed beside it. */
export interface CliBenchRow {
  what: string;
  ms: number;
  nodeMs: number;
}

const RUNS = 9;



function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function time(args: string[], cwd: string): number {
  const t0 = performance.now();
  execFileSync(process.execPath, args, { cwd, stdio: 'ignore' });
  return performance.now() - t0;
}

/** Times the CLI cases in interleaved pairs with `node -e 0` and prints them. */
export function runCliBench(root = process.cwd()): CliBenchRow[] {
  const bin = path.join(root, 'bin', 'atmark.mjs');
  const cases: Array<{ what: string; args: string[] }> = [
    { what: "atmark expand --json 'hi @file:README.md'", args: [bin, 'expand', '--json', 'hi @file:README.md'] },
    { what: 'atmark --help', args: [bin, '--help'] },
  ];
  console.log(`## CLI start-up (${RUNS} interleaved pairs with node -e 0, in ${root})`);
  const rows: CliBenchRow[] = [];
  for (const c of cases) {
    time(c.args, root); // first run fills the page cache
    const a: number[] = [];
    const n: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      a.push(time(c.args, root));
      n.push(time(['-e', '0'], root));
    }
    const row = { what: c.what, ms: median(a), nodeMs: median(n) };
    console.log(`${c.what.padEnd(42)} ${row.ms.toFixed(1)} ms, node -e 0 ${row.nodeMs.toFixed(1)} ms = ${(row.ms / row.nodeMs).toFixed(2)}x`);
    rows.push(row);
  }
  return rows;
}

// Run directly: node scripts/run-ts.mjs bench/cli.ts
if (process.argv[1] && /(^|[\\/])cli\.(ts|mjs|js)$/.test(process.argv[1])) runCliBench();
