/**
 * `npm run bench`: runs every benchmark in turn (node scripts/run-ts.mjs bench/index.ts) and prints
 * ONE table with each row of issue 12: Atmark's figure, the anchor measured in the same run, the
 * ratio and the goal. Benchmarks, not tests: they print figures, and the exit code is non-zero only
 * when git's text differs from native git's.
 */
import { runDocumentBench } from './documents';
import os from 'node:os';
import { runCliBench, startVariablesSet } from './cli';
import { runExpandBench } from './expand8';
import { runGitBench } from './git';
import { runGuardsBench } from './guards';
import { runHermesBench } from './hermes';
import { runKeystrokeBench } from './keystroke';
import { runServerBench } from './server';
import { runScaleBench, type ScaleRow } from './scale';
import { runWorkspaceBench } from './workspace';

/** One row of the table. */
interface Row {
  work: string;
  atmark: string;
  anchor: string;
  ratio: string;
  goal: string;
  met: boolean | null;
  /** A row of figures without a goal of issue 12 (not counted). */
  info?: true;
}

const ms = (v: number): string => `${v.toFixed(1)} ms`;
const x = (v: number): string => `${v.toFixed(2)}x`;

const rows: Row[] = [];
console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores\n`);

const git = await runGitBench();
for (const r of git) {
  rows.push({ work: `\`${r.reference}\`, warm, 10k-file repo${r.reference === '@diff' ? ', 50 changed files' : ''}`, atmark: `${ms(r.warmMs)}${r.identical ? '' : ' (TEXT DIFFERS)'}`, anchor: `\`${r.native}\` ${ms(r.nativeMs)}`, ratio: x(r.warmRatio), goal: '<= 1.5x', met: r.warmRatio <= 1.5 && r.identical });
}
const firstRatio = Math.max(...git.map((r) => r.firstMs / r.nativeMs));
rows.push({
  work: `first call in a fresh process (code loaded): ${git.map((r) => `\`${r.reference}\``).join(' / ')}`,
  atmark: git.map((r) => ms(r.firstMs)).join(' / '),
  anchor: `native ${git.map((r) => ms(r.nativeMs)).join(' / ')}`,
  ratio: `worst ${x(firstRatio)}`,
  goal: '<= 3x native',
  met: firstRatio <= 3,
});
// Not issue 12's row but what a person meets in the app: the engine worker resolves `@diff @git:1`
// in the background once a workspace opens (src/main/engine/worker/warm-up.ts). Through the whole
// engine (tokenizing and redaction included), so the anchor is the same expansion cold.
rows.push({
  work: 'first expansion through the engine, cold -> after the engine worker\'s warm-up: ' + git.map((r) => `\`${r.reference}\``).join(' / '),
  atmark: git.map((r) => `${ms(r.engineColdMs)} -> ${ms(r.engineWarmedMs)}`).join(' / '),
  anchor: `native ${git.map((r) => ms(r.nativeMs)).join(' / ')}`,
  ratio: `after warm-up: worst ${x(Math.max(...git.map((r) => r.engineWarmedMs / r.nativeMs)))} native`,
  goal: '- (figures only)',
  met: null,
  info: true,
});
console.log('');

const ex = await runExpandBench();
// Hermes' own expansion of the same message on the same repository, in this run (issue 27).
const hermes = runHermesBench(ex.message, ex.dir);
console.log('skipped' in hermes ? `Hermes Agent: not measured (${hermes.skipped})` : `Hermes Agent, same message: median ${ms(hermes.ms)} of ${hermes.runs} (${hermes.injectedTokens} tokens injected)`);
rows.push('skipped' in hermes
  ? { work: '8 references (5 files incl. 60 KiB, a folder, `@diff`, `@git:3`), warm', atmark: ms(ex.eightMs), anchor: `Hermes Agent (Python): not measured: ${hermes.skipped}`, ratio: '-', goal: '>= 3x faster', met: null }
  : { work: '8 references (5 files incl. 60 KiB, a folder, `@diff`, `@git:3`), warm', atmark: ms(ex.eightMs), anchor: `Hermes Agent's \`preprocess_context_references\` ${ms(hermes.ms)}`, ratio: `${(hermes.ms / ex.eightMs).toFixed(2)}x faster`, goal: '>= 3x faster', met: ex.eightMs * 3 <= hermes.ms });
console.log('');

const cli = runCliBench();
const [expand, help, cliDiff, uncached] = cli as [typeof cli[0], typeof cli[0], typeof cli[0], typeof cli[0]];
rows.push({ work: "CLI cold: `node bin/atmark.cjs expand --json 'hi @file:README.md'`", atmark: ms(expand.ms), anchor: `\`node -e 0\` ${ms(expand.nodeMs)}`, ratio: x(expand.ms / expand.nodeMs), goal: '<= 2x', met: expand.ms / expand.nodeMs <= 2 });
rows.push({ work: '`atmark --help`', atmark: ms(help.ms), anchor: `\`node -e 0\` ${ms(help.nodeMs)}`, ratio: x(help.ms / help.nodeMs), goal: '<= 1.5x', met: help.ms / help.nodeMs <= 1.5 });
rows.push({ work: "CLI cold: `node bin/atmark.cjs expand '@diff'`, 10k-file repo", atmark: ms(cliDiff.ms), anchor: `\`git -C repo diff\` ${ms(cliDiff.anchorMs)}`, ratio: x(cliDiff.ms / cliDiff.anchorMs), goal: '<= 5x', met: cliDiff.ms / cliDiff.anchorMs <= 5 });
// The rows above run with the CLI's code cache as earlier runs left it (src/main/cli/code-cache.ts);
// the first run after a build has none.
rows.push({ work: "CLI cold without a code cache (the first run after a build): `expand --json 'hi @file:README.md'`", atmark: ms(uncached.ms), anchor: `\`node -e 0\` ${ms(uncached.nodeMs)}`, ratio: x(uncached.ms / uncached.nodeMs), goal: '- (figures only)', met: null, info: true });
// The same three goals with Node started as on a person's machine, when this one's environment
// slows every Node start down (bench/cli.ts): both readings are judged.
const startVariables = startVariablesSet();
if (startVariables.length > 0) {
  const [cleanExpand, cleanHelp, cleanDiff] = runCliBench(process.cwd(), { without: startVariables, goalsOnly: true }) as [typeof cli[0], typeof cli[0], typeof cli[0]];
  const without = `, Node started without ${startVariables.map((v) => `\`${v}\``).join(', ')}`;
  rows.push({ work: `CLI cold: \`expand --json 'hi @file:README.md'\`${without}`, atmark: ms(cleanExpand.ms), anchor: `\`node -e 0\` ${ms(cleanExpand.nodeMs)}`, ratio: x(cleanExpand.ms / cleanExpand.nodeMs), goal: '<= 2x', met: cleanExpand.ms / cleanExpand.nodeMs <= 2 });
  rows.push({ work: `\`atmark --help\`${without}`, atmark: ms(cleanHelp.ms), anchor: `\`node -e 0\` ${ms(cleanHelp.nodeMs)}`, ratio: x(cleanHelp.ms / cleanHelp.nodeMs), goal: '<= 1.5x', met: cleanHelp.ms / cleanHelp.nodeMs <= 1.5 });
  rows.push({ work: `CLI cold: \`expand '@diff'\`, 10k-file repo${without}`, atmark: ms(cleanDiff.ms), anchor: `\`git -C repo diff\` ${ms(cleanDiff.anchorMs)}`, ratio: x(cleanDiff.ms / cleanDiff.anchorMs), goal: '<= 5x', met: cleanDiff.ms / cleanDiff.anchorMs <= 5 });
}
console.log('');

const ws = await runWorkspaceBench();
const k = ws.keystroke;
rows.push({
  work: `completion per keystroke, first rows, ${Math.round(ws.entries / 1000)}k entries, ${ws.keystrokes} typed queries`,
  atmark: `p50 ${k.p50.toFixed(1)}, p95 ${k.p95.toFixed(1)}, p99 ${k.p99.toFixed(1)}, max ${k.max.toFixed(1)} ms; first ${ws.firstsAtOnce}/${ws.queries} at once, ${ws.firsts}/${ws.queries} final; top row replaced on ${ws.topDiffers}/${ws.keystrokes} keys`,
  anchor: `uFuzzy p99 ${ms(ws.ufuzzy.p99)}, max ${ms(ws.ufuzzy.max)}; first ${ws.ufuzzyFirsts}/${ws.queries}`,
  ratio: `p99 ${x(k.p99 / ws.ufuzzy.p99)}`,
  goal: 'p99 <= 8 ms, max <= 16 ms, first 20/20 (at once and final)',
  met: k.p99 <= 8 && k.max <= 16 && ws.firsts === ws.queries && ws.firstsAtOnce === ws.queries,
});
rows.push({
  work: `completion per keystroke, final answer (CPU), ${Math.round(ws.entries / 1000)}k entries`,
  atmark: `p50 ${ws.final.p50.toFixed(1)}, p99 ${ws.final.p99.toFixed(1)}, max ${ws.final.max.toFixed(1)} ms; any row replaced on ${ws.rowsDiffer}/${ws.keystrokes} keys`,
  anchor: `uFuzzy p99 ${ms(ws.ufuzzy.p99)}`, ratio: `p99 ${x(ws.final.p99 / ws.ufuzzy.p99)}`, goal: '- (reported: the goal reads the first rows)', met: null,
});
console.log('');

const ks = await runKeystrokeBench();
rows.push(ks.skipped
  ? { work: 'keystroke -> meters drawn, browser, 8 refs', atmark: `skipped: ${ks.skipped}`, anchor: '-', ratio: '-', goal: 'worst <= 33 ms', met: null }
  : { work: 'keystroke -> meters drawn, browser, 8 refs', atmark: `median ${ms(ks.medianMs)}, worst ${ms(ks.worstMs)}`, anchor: '-', ratio: '-', goal: 'worst <= 33 ms', met: ks.worstMs <= 33 });
if (!ks.skipped) {
  rows.push({ work: `keystroke -> meters drawn, 8 refs typed key by key (list open, ${ks.typedKeys} keys)`, atmark: `median ${ms(ks.typedMedianMs)}, p99 ${ms(ks.typedP99Ms)}, worst ${ms(ks.typedWorstMs)}`, anchor: '-', ratio: '-', goal: 'worst <= 16 ms', met: ks.typedWorstMs <= 16 });
}
rows.push({ work: 'changing the context length (8 refs, prompt unchanged)', atmark: `${ms(ex.contextChangeMs)}, ${ex.contextChangeResolves} resolver runs`, anchor: '-', ratio: '-', goal: '<= 16 ms: only the budget changes', met: ex.contextChangeMs <= 16 && ex.contextChangeResolves === 0 });
rows.push({ work: 'index build, tracked paths', atmark: ms(ws.trackedMs), anchor: `\`git ls-files\` ${ms(ws.gitLsFilesMs)}`, ratio: x(ws.trackedMs / ws.gitLsFilesMs), goal: '<= 1.5x', met: ws.trackedMs / ws.gitLsFilesMs <= 1.5 });
rows.push(ws.rgMs === null
  ? { work: 'index build, full walk with ignores', atmark: ms(ws.completeMs), anchor: '`rg --files`: not installed', ratio: '-', goal: '<= 1.5x', met: null }
  : { work: 'index build, full walk with ignores', atmark: ms(ws.completeMs), anchor: `\`rg --files\` ${ms(ws.rgMs)}`, ratio: x(ws.completeMs / ws.rgMs), goal: '<= 1.5x', met: ws.completeMs / ws.rgMs <= 1.5 });
rows.push({ work: 'index memory', atmark: `heap + buffers ${x(ws.memoryRatio)} the raw path bytes`, anchor: '-', ratio: '-', goal: '<= 3x', met: ws.memoryRatio <= 3 });
console.log('');

// The other sizes of issue 27 (10k, 300k, 1M files; the 120k rows are above). The first run
// generates the 300k and 1M workspaces (minutes); ATMARK_BENCH_SCALE=0 leaves them out.
if (process.env.ATMARK_BENCH_SCALE !== '0') {
  const scale = await runScaleBench([10_000, 300_000, 1_000_000]);
  const completionGoal: Record<number, { text: string; met: (r: ScaleRow) => boolean }> = {
    10_000: { text: 'p99 <= uFuzzy p99, first 20/20', met: (r) => r.keystroke.p99 <= r.ufuzzy.p99 && r.firsts === 20 && r.firstsAtOnce === 20 },
    300_000: { text: 'p99 <= 16 ms, max <= 33 ms, first 20/20', met: (r) => r.keystroke.p99 <= 16 && r.keystroke.max <= 33 && r.firsts === 20 && r.firstsAtOnce === 20 },
    1_000_000: { text: 'p99 <= 33 ms, first 20/20', met: (r) => r.keystroke.p99 <= 33 && r.firsts === 20 && r.firstsAtOnce === 20 },
  };
  for (const r of scale) {
    const size = `${r.files / 1000}k files (${r.entries} entries)`;
    const goal = completionGoal[r.files];
    const k2 = r.keystroke;
    rows.push({
      work: `completion per keystroke, first rows, ${size}`,
      atmark: `p50 ${k2.p50.toFixed(1)}, p99 ${k2.p99.toFixed(1)}, max ${k2.max.toFixed(1)} ms; first ${r.firstsAtOnce}/20 at once, ${r.firsts}/20 final; top row replaced on ${r.topDiffers}/${r.keystrokes} keys; final p50 ${r.final.p50.toFixed(1)}, p99 ${r.final.p99.toFixed(1)}, max ${r.final.max.toFixed(1)} ms`,
      anchor: `uFuzzy p99 ${ms(r.ufuzzy.p99)}, max ${ms(r.ufuzzy.max)}; first ${r.ufuzzyFirsts}/20`,
      ratio: `p99 ${x(k2.p99 / r.ufuzzy.p99)}`,
      goal: goal ? goal.text : '-',
      met: goal ? goal.met(r) : null,
    });
    rows.push({ work: `index build, tracked paths, ${size}`, atmark: ms(r.trackedMs), anchor: `\`git ls-files\` ${ms(r.gitLsFilesMs)}`, ratio: x(r.trackedMs / r.gitLsFilesMs), goal: '<= 1.5x', met: r.trackedMs / r.gitLsFilesMs <= 1.5 });
    rows.push(r.rgMs === null
      ? { work: `index build, full walk, ${size}`, atmark: ms(r.completeMs), anchor: '`rg --files`: not installed', ratio: '-', goal: '<= 1.5x', met: null }
      : { work: `index build, full walk, ${size}`, atmark: ms(r.completeMs), anchor: `\`rg --files\` ${ms(r.rgMs)}`, ratio: x(r.completeMs / r.rgMs), goal: '<= 1.5x', met: r.completeMs / r.rgMs <= 1.5 });
    rows.push({ work: `index memory, ${size}`, atmark: `${r.heldMiB.toFixed(0)} MiB, ${x(r.memoryRatio)} the raw path bytes`, anchor: '-', ratio: '-', goal: '<= 3x', met: r.memoryRatio <= 3 });
  }
  // Linear growth: completion's p99 per entry at the largest size against the 120k run above.
  const largest = scale[scale.length - 1];
  if (largest) {
    const growth = (largest.keystroke.p99 / largest.entries) / (k.p99 / ws.entries);
    rows.push({ work: `completion growth, p99 per entry at ${largest.files / 1000}k files over ${Math.round(ws.entries / 1000)}k entries`, atmark: x(growth), anchor: '-', ratio: '-', goal: '<= 1.5x (linear or better)', met: growth <= 1.5 });
  }
  console.log('');
}

// The host as a person meets it (issue 27): a fresh `atmark serve` on the 120k workspace.
const host = await runServerBench();
if (host.skipped) {
  rows.push({ work: 'the host on a 120k workspace (start, first chip, memory)', atmark: `skipped: ${host.skipped}`, anchor: '-', ratio: '-', goal: '-', met: null });
} else {
  rows.push({ work: `server start -> composer interactive, 120k workspace (median of ${host.runs})`, atmark: ms(host.startMs), anchor: '-', ratio: '-', goal: '<= 1 s', met: host.startMs <= 1000 });
  rows.push({ work: 'first `@file` chip while the 120k index builds', atmark: ms(host.firstChipMs), anchor: '-', ratio: '-', goal: '<= 500 ms', met: host.firstChipMs <= 500 });
  rows.push({ work: 'first `@diff` chip after `atmark serve` starts, 10k-file repo', atmark: ms(host.firstDiffMs), anchor: `\`git diff\` ${ms(host.gitDiffMs)}`, ratio: x(host.firstDiffMs / host.gitDiffMs), goal: '<= 3x', met: host.firstDiffMs <= 3 * host.gitDiffMs });
  rows.push({ work: 'host memory with 8 references held, 120k workspace (RSS, threads included)', atmark: `${host.heldRssMiB.toFixed(0)} MiB 2 s after the references settled, ${host.laterRssMiB.toFixed(0)} MiB 10 s later (peak ${host.peakRssMiB.toFixed(0)}, at start ${host.idleRssMiB.toFixed(0)}, with no reference ${host.noneRssMiB.toFixed(0)})`, anchor: '-', ratio: '-', goal: '<= 250 MiB', met: host.heldRssMiB <= 250 });
}

// Document extraction: figures only (time and peak memory of the extraction worker), no goal.
await runDocumentBench();
console.log('');

// The guards' budgets come from other issues (secret redaction, invisible characters): a table of their own.
const guards = await runGuardsBench();

console.log(`\n## Issue 12's table (load average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
console.log('| work | Atmark | anchor, same run | ratio | goal | met |\n|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.work} | ${r.atmark} | ${r.anchor} | ${r.ratio} | ${r.goal} | ${r.info ? '-' : r.met === null ? 'not measured' : r.met ? 'yes' : 'no'} |`);
const goals = rows.filter((r) => !r.info);
const missed = goals.filter((r) => r.met === false).length;
console.log(`${goals.length - missed - goals.filter((r) => r.met === null).length} of ${goals.length} goals met, ${missed} missed, ${goals.filter((r) => r.met === null).length} not measured.`);
console.log('\n## Other budgets: the guards over 192 KiB (fastest of 7 after warm-up)');
console.log('| work | Atmark | budget | met |\n|---|---|---|---|');
for (const g of guards) console.log(`| ${g.work} | ${ms(g.ms)} | < ${g.budgetMs} ms | ${g.ms < g.budgetMs ? 'yes' : 'no'} |`);
if (git.some((r) => !r.identical)) process.exitCode = 1;
