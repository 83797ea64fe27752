/**
 * The two answers of a completion query as the services ask them (queryFirst, then queryRest):
 * wall time from the question to the first rows and to the final rows, per keystroke of a few
 * broad terms typed on, three rounds, through the in-process index (no worker thread from
 * TypeScript). Usage: node scripts/run-ts.mjs bench/completion-two-steps.ts WORKSPACE
 */
import { openWorkspaceIndex } from '../src/main/workspace';
const root = process.argv[2];
if (!root) throw new Error('usage: node scripts/run-ts.mjs bench/completion-two-steps.ts WORKSPACE');
const index = openWorkspaceIndex(root, { watch: false });
console.log('ready', await index.whenReady());
const terms = ['tsco', 'tscon', 'rele', 'relea', 'conf', 'confi', 'comp', 'compo', 'serv', 'servi', 'inde', 'index', 'util', 'utils', 'read', 'readm'];
const firsts: number[] = [], finals: number[] = [];
let notFinal = 0, differ = 0;
for (let round = 0; round < 3; round++) for (const t of terms) {
  const t0 = performance.now();
  const first = await index.queryFirst(t, { kinds: ['file'], limit: 30 });
  const t1 = performance.now();
  const rest = first.final ? null : await index.queryRest(first.run);
  const t2 = performance.now();
  firsts.push(t1 - t0); finals.push(t2 - t0);
  if (!first.final) notFinal++;
  if (rest && rest.map((m) => m.path).join() !== first.matches.map((m) => m.path).join()) differ++;
}
const p = (a: number[], q: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(q * a.length))]!.toFixed(1);
console.log(`n=${firsts.length} first p50 ${p(firsts, 0.5)} p90 ${p(firsts, 0.9)} max ${p(firsts, 1)} | final p50 ${p(finals, 0.5)} p90 ${p(finals, 0.9)} max ${p(finals, 1)} | not final ${notFinal}, differ ${differ}`);
await index.close();
