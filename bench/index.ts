/**
 * `npm run bench`: runs every benchmark in turn (node scripts/run-ts.mjs bench/index.ts): git
 * references, the workspace index and fuzzy queries, then keystroke-to-meters in the browser. Each
 * prints its table; a summary of the targets follows. Benchmarks, not tests: they print figures
 * and set a non-zero exit code when a target is missed.
 */
import { runDocumentBench } from './documents';
import { runGitBench } from './git';
import { runKeystrokeBench } from './keystroke';
import { runWorkspaceBench } from './workspace';

/** One target of the summary: what, the figure, the target, met or not. */
interface Target {
  what: string;
  figure: string;
  target: string;
  met: boolean;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const targets: Target[] = [];

const gitRows = await runGitBench();
for (const r of gitRows) {
  targets.push({
    what: `git ${r.reference}`,
    figure: `warm ${ms(r.warmMs)} = ${r.warmRatio.toFixed(1)}x native, cold ${ms(r.coldMs)}, same text: ${r.identical ? 'yes' : 'no'}`,
    target: `warm <= ${r.warmTarget}x, cold < ${r.coldTargetMs / 1000} s`,
    met: r.pass,
  });
}
console.log('');

const ws = await runWorkspaceBench();
targets.push(
  { what: 'index, tracked vs git ls-files', figure: `${ms(ws.trackedMs)} vs ${ms(ws.gitLsFilesMs)} = ${ws.trackedRatio.toFixed(2)}x`, target: '<= 2x', met: ws.trackedRatio <= 2 },
  { what: 'query, whole text (cold)', figure: `median ${ms(ws.queryMedianMs)}, worst ${ms(ws.queryWorstMs)}`, target: 'median < 16 ms, worst < 50 ms', met: ws.queryMedianMs < 16 && ws.queryWorstMs < 50 },
  { what: 'query, per keystroke (1-n characters)', figure: `median ${ms(ws.keystrokeMedianMs)}, worst ${ms(ws.keystrokeWorstMs)}`, target: 'median < 16 ms, worst < 50 ms', met: ws.keystrokeMedianMs < 16 && ws.keystrokeWorstMs < 50 },
  { what: 'intended file ranked first', figure: `${ws.firsts} of ${ws.queries}`, target: 'all', met: ws.firsts === ws.queries },
);
console.log('');

const ks = await runKeystrokeBench();
targets.push(ks.skipped
  ? { what: 'keystroke -> meters (browser)', figure: `skipped: ${ks.skipped}`, target: 'median < 16 ms, worst < 50 ms', met: true }
  : { what: 'keystroke -> meters (browser)', figure: `median ${ms(ks.medianMs)}, worst ${ms(ks.worstMs)}; size/tokens final after median ${ms(ks.settledMedianMs)}`, target: 'median < 16 ms, worst < 50 ms', met: ks.pass });

// Document extraction: figures only (time and peak memory of the extraction worker), no target.
await runDocumentBench();

console.log('\n## Summary');
console.log('| target | figure | goal | met |\n|---|---|---|---|');
for (const t of targets) console.log(`| ${t.what} | ${t.figure} | ${t.target} | ${t.met ? 'yes' : 'MISSED'} |`);
const missed = targets.filter((t) => !t.met).length;
console.log(missed === 0 ? `All ${targets.length} targets met.` : `${missed} of ${targets.length} targets missed.`);
if (missed > 0) process.exitCode = 1;
