/**
 * Completion before and after a change, in one process, on the same snapshot and keystrokes, with
 * uFuzzy beside them: what issue 27 asks of every completion claim. Each round builds the index
 * afresh (its collections drop compiled code, as the bench's builds do before its queries), then
 * asks each side, in alternating order, its own preparation (the base's `prepareSearch`, or what
 * this tree's worker runs, `warmSearch`), the bench's full-text warm-up, and the 20 bench queries
 * typed key by key (limit 50), then uFuzzy on the same keystrokes. Prints wall and CPU time
 * percentiles (CPU time is steadier on a shared host: it leaves out the time other processes
 * hold the cores), the slowest keys by median CPU, the intended file first, and how many
 * keystrokes' answers differ between the two sides. Two more sides time the first rows
 * (`startQuery`'s, query-run.ts) of this tree and of the base, when the base has them, prepared as
 * each one's worker prepares them (`warmSearch`), and finish each run untimed.
 *
 * `node scripts/run-ts.mjs bench/completion-before-after.ts BASE WORKSPACE [ROUNDS]`: BASE is a git
 * revision (its `src/` is extracted to a temporary folder and bundled), WORKSPACE a generated
 * workspace folder (e.g. bench/.work/workspace-300000). Not part of `npm run bench`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import UFuzzy from '@leeoniya/ufuzzy';
import { createWorkspaceIndex, query, type IndexSnapshot, type Match, type QueryOptions, type Searchable } from '../src/main/workspace';
import { startQuery } from '../src/main/workspace/query-run';
import { warmSearch } from '../src/main/workspace/warm-search';
import { BENCH_QUERIES } from './generate-workspace';
import { bundleForNode } from '../scripts/bundle-ts.mjs';

interface Side {
  name: string;
  query: (index: Searchable, text: string, options?: QueryOptions) => Match[];
  prepare: (snapshot: IndexSnapshot) => void;
}

/** Work a side leaves after its timed answer (the slices of a run whose first rows were timed): done untimed. */
let untimed: (() => void) | null = null;

type StartQuery = (index: Searchable, text: string, options?: QueryOptions) => { first: Match[]; step(budgetMs: number): boolean };

/** First rows (query-run.ts): the answer timed is what the list shows first; the run is then finished untimed, as the worker finishes it between requests. */
function firstRowsSide(name: string, start: StartQuery, prepare: Side['prepare']): Side {
  return {
    name,
    query: (index, text, options) => {
      const run = start(index, text, options);
      untimed = () => { while (!run.step(Number.POSITIVE_INFINITY)); };
      return run.first;
    },
    prepare,
  };
}

/** The base revision's `query` and `prepareSearch`, bundled from its `src/`; and its first rows when it has them. */
async function baseSides(revision: string): Promise<Side[]> {
  // The bundle runs from node_modules/.cache: the repository is found from the working folder.
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const tree = mkdtempSync(path.join(os.tmpdir(), 'atmark-before-'));
  execFileSync('sh', ['-c', `git -C "${root}" archive "$0" src | tar -x -C "${tree}"`, revision]);
  const entry = path.join(tree, 'entry.ts');
  const firstRows = existsSync(path.join(tree, 'src/main/workspace/query-run.ts'));
  writeFileSync(entry, "export { query } from './src/main/workspace/fuzzy-query';\nexport { prepareSearch } from './src/main/workspace/short-search';\n" +
    (firstRows ? "export { startQuery } from './src/main/workspace/query-run';\nexport { warmSearch } from './src/main/workspace/warm-search';\n" : ''));
  // Beside the repository's node_modules, so the bundle's packages resolve.
  const outfile = path.join(root, 'node_modules', '.cache', 'atmark-run', `before-${process.pid}.mjs`);
  await bundleForNode(entry, outfile);
  const mod = (await import(pathToFileURL(outfile).href)) as { query: Side['query']; prepareSearch: Side['prepare']; startQuery?: StartQuery; warmSearch?: Side['prepare'] };
  rmSync(tree, { recursive: true, force: true });
  rmSync(outfile, { force: true });
  const sides: Side[] = [{ name: `before (${revision})`, query: mod.query, prepare: mod.prepareSearch }];
  if (mod.startQuery && mod.warmSearch) sides.push(firstRowsSide(`before, first rows (${revision})`, mod.startQuery, mod.warmSearch));
  return sides;
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
}

function summary(values: number[]): string {
  return `p50 ${percentile(values, 50).toFixed(2)} p95 ${percentile(values, 95).toFixed(1)} p99 ${percentile(values, 99).toFixed(1)} max ${Math.max(...values).toFixed(1)}`;
}

/** Milliseconds of CPU (user and system) since `from`. */
function cpuSince(from: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(from);
  return (c.user + c.system) / 1000;
}

interface Figures {
  wall: number[];
  cpu: number[];
  firsts: number;
  prepare: number[];
  perKey: Map<string, number[]>;
  /** Every keystroke's CPU time with its key and round, for the worst single ones. */
  each: Array<{ key: string; round: number; cpu: number }>;
}

const figures = (): Figures => ({ wall: [], cpu: [], firsts: 0, prepare: [], perKey: new Map(), each: [] });

/** Types every bench query key by key with `search` (answers as `path:score`, one searcher object per query); returns each keystroke's answer. */
function typeQueries(search: (searcher: object, text: string) => string[], f: Figures): string[] {
  const answers: string[] = [];
  for (const q of BENCH_QUERIES) {
    const searcher = {};
    let top = '';
    for (let k = 1; k <= q.text.length; k++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const got = search(searcher, q.text.slice(0, k));
      f.wall.push(performance.now() - t0);
      const cpu = cpuSince(c0);
      f.cpu.push(cpu);
      untimed?.();
      untimed = null;
      const key = q.text.slice(0, k);
      f.perKey.set(key, [...(f.perKey.get(key) ?? []), cpu]);
      f.each.push({ key, round: f.prepare.length, cpu });
      answers.push(got.join('|'));
      top = got[0] ?? '';
    }
    if (top.slice(0, top.lastIndexOf(':')) === q.intended) f.firsts++;
  }
  return answers;
}

async function main(): Promise<void> {
  const [revision, dir, roundsArg] = process.argv.slice(2);
  if (!revision || !dir) throw new Error('usage: node scripts/run-ts.mjs bench/completion-before-after.ts BASE WORKSPACE [ROUNDS]');
  const rounds = Number(roundsArg ?? 3);
  const [before, ...beforeFirst] = await baseSides(revision);
  const after: Side = { name: 'after (this tree)', query, prepare: warmSearch };
  const sides: Side[] = [before as Side, after, ...beforeFirst, firstRowsSide('after, first rows (this tree)', startQuery, warmSearch)];
  const results = new Map<string, Figures>(sides.map((s) => [s.name, figures()]));
  const ufuzzy = figures();
  const uf = new UFuzzy({ intraMode: 0, intraIns: Infinity, intraChars: "[a-z\\d'._-]", interChars: '.' });
  let differing = 0;
  let entries = 0;
  for (let r = 0; r < rounds; r++) {
    const index = createWorkspaceIndex(path.resolve(dir), { watch: false });
    if ((await index.whenReady()) !== 'ready') throw new Error(`the index of ${dir} did not finish`);
    const snapshot = index.snapshot();
    index.close();
    entries = snapshot.count;
    const answers: string[][] = [];
    for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
      const f = results.get(side.name) as Figures;
      const t0 = performance.now();
      side.prepare(snapshot);
      f.prepare.push(performance.now() - t0);
      for (const q of BENCH_QUERIES) side.query({ snapshot: () => snapshot }, q.text);
      const searchers = new WeakMap<object, Searchable>();
      const got = typeQueries((searcher, text) => {
        if (!searchers.has(searcher)) searchers.set(searcher, { snapshot: () => snapshot });
        return side.query(searchers.get(searcher) as Searchable, text, { limit: 50 }).map((m) => `${m.path}:${m.score}`);
      }, f);
      answers[sides.indexOf(side)] = got;
    }
    const [a, b] = answers as [string[], string[]];
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) differing++;
    const haystack: string[] = [];
    for (let i = 0; i < snapshot.count; i++) if (snapshot.isVisible(i)) haystack.push(snapshot.path(i));
    const ufSearch = (needle: string): string[] => {
      const [idxs, info, order] = uf.search(haystack, needle);
      if (!idxs || idxs.length === 0) return [];
      return [`${haystack[order && info ? (info.idx[order[0] as number] as number) : (idxs[0] as number)] as string}:0`];
    };
    for (const q of BENCH_QUERIES) ufSearch(q.text);
    typeQueries((_searcher, text) => ufSearch(text), ufuzzy);
  }
  console.log(`## Completion before and after: ${path.basename(dir)}, ${entries} entries, ${rounds} rounds of ${BENCH_QUERIES.length} queries typed key by key; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`);
  for (const [name, f] of [...results, ['uFuzzy', ufuzzy] as const]) {
    const slow = [...f.perKey].map(([k, v]) => [k, percentile(v, 50)] as const).sort((x, y) => y[1] - x[1]).slice(0, 8);
    console.log(`${name}: wall ${summary(f.wall)} | cpu ${summary(f.cpu)} | first ${f.firsts / rounds}/20${f.prepare.length ? ` | preparation median ${percentile(f.prepare, 50).toFixed(0)} ms` : ''}`);
    console.log(`  slowest keys, median cpu: ${slow.map(([k, v]) => `'${k}' ${v.toFixed(1)}`).join(', ')}`);
    const worst = [...f.each].sort((x, y) => y.cpu - x.cpu).slice(0, 8);
    console.log(`  slowest single keystrokes, cpu: ${worst.map((w) => `'${w.key}' ${w.cpu.toFixed(1)} (round ${w.round})`).join(', ')}`);
  }
  console.log(`keystrokes whose top 50 differ between before and after: ${differing} of ${results.get(sides[0]?.name as string)?.wall.length ?? 0}`);
}

await main();
