/**
 * The workspace index at 10k, 120k, 300k and 1M files (issue 27), each size beside its anchors in
 * the same run: index build (tracked paths, and the complete walk) next to `git ls-files` and
 * `rg --files`, the memory the index holds, and completion per keystroke of the 20 bench queries
 * next to uFuzzy on the same paths and keystrokes. The 120k workspace is the committed one of
 * generate-workspace.ts; the others are generated the fast way (empty files, `.git/index` written
 * directly) on first use and kept under bench/.work.
 *
 * `node scripts/run-ts.mjs bench/scale.ts [SIZES...]`, sizes in files (default 10000 120000 300000 1000000).
 */
import os from 'node:os';
import { generateLargeWorkspace, generateWorkspace } from './generate-workspace';
import { benchBuild, benchQueries, benchUfuzzy, measureMemory, type WorkspaceBenchResult } from './workspace';

/** Build runs per size: a 1M walk takes seconds, and the sizes run one after another. */
const RUNS = 3;
const DEFAULT_SIZES = [10_000, 120_000, 300_000, 1_000_000];

/** The figures of one size: the 120k bench's figures, plus the size and the memory held. */
export type ScaleRow = Pick<
  WorkspaceBenchResult,
  'entries' | 'gitLsFilesMs' | 'trackedMs' | 'rgMs' | 'completeMs' | 'memoryRatio' | 'keystroke' | 'final' | 'topDiffers' | 'rowsDiffer' | 'firstsAtOnce' | 'keystrokes' | 'firsts' | 'ufuzzy' | 'ufuzzyFirsts'
> & { files: number; heldMiB: number };

function ms(value: number): string {
  return value.toFixed(1);
}

/** Runs every size in turn (generating what is missing) and prints one table. */
export async function runScaleBench(sizes: readonly number[] = DEFAULT_SIZES): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  for (const files of sizes) {
    console.log(`## Scale: ${files} files; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
    const t0 = performance.now();
    const dir = files === 120_000 ? generateWorkspace() : generateLargeWorkspace(files);
    console.log(`workspace ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const memory = await measureMemory(dir);
    console.log(`index memory: ${memory.ratio.toFixed(2)}x the path bytes (${memory.ratioFirstBuild.toFixed(2)}x for the first index built in the process, its code compiled included)`);
    const { snapshot, figures } = await benchBuild(dir, RUNS);
    const q = benchQueries(snapshot, false);
    const u = benchUfuzzy(snapshot);
    rows.push({
      files, entries: figures.entries, gitLsFilesMs: figures.gitLsFilesMs, trackedMs: figures.trackedMs, rgMs: figures.rgMs, completeMs: figures.completeMs,
      memoryRatio: memory.ratio, heldMiB: memory.held / 2 ** 20, keystroke: q.keystroke, final: q.final, topDiffers: q.topDiffers, rowsDiffer: q.rowsDiffer, firstsAtOnce: q.firstsAtOnce, keystrokes: q.keystrokes, firsts: q.firsts, ufuzzy: u.ufuzzy, ufuzzyFirsts: u.ufuzzyFirsts,
    });
  }
  console.log('\n| files (entries) | index, tracked / `git ls-files` | complete walk / `rg --files` | memory | completion, first rows p50 / p99 / max (ms), first at once | final answer p50 / p99 / max (ms), first | uFuzzy p99 / max (ms), first | p99 ratio |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const walk = r.rgMs === null ? `${ms(r.completeMs)} ms / rg not installed` : `${ms(r.completeMs)} / ${ms(r.rgMs)} ms = ${(r.completeMs / r.rgMs).toFixed(2)}x`;
    console.log(`| ${r.files} (${r.entries}) | ${ms(r.trackedMs)} / ${ms(r.gitLsFilesMs)} ms = ${(r.trackedMs / r.gitLsFilesMs).toFixed(2)}x | ${walk} | ${r.heldMiB.toFixed(0)} MiB, ${r.memoryRatio.toFixed(2)}x paths | ${ms(r.keystroke.p50)} / ${ms(r.keystroke.p99)} / ${ms(r.keystroke.max)}, ${r.firstsAtOnce}/20 | ${ms(r.final.p50)} / ${ms(r.final.p99)} / ${ms(r.final.max)}, ${r.firsts}/20 | ${ms(r.ufuzzy.p99)} / ${ms(r.ufuzzy.max)}, ${r.ufuzzyFirsts}/20 | ${(r.keystroke.p99 / r.ufuzzy.p99).toFixed(2)}x |`);
  }
  return rows;
}

// Run directly: node scripts/run-ts.mjs bench/scale.ts [SIZES...]
if (process.argv[1] && /(^|[\\/])scale\.(ts|mjs|js)$/.test(process.argv[1])) {
  const sizes = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  await runScaleBench(sizes.length > 0 ? sizes : DEFAULT_SIZES);
}
