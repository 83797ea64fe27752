import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspacePaths } from '../../../../bench/generate-workspace';
import { BROAD_SEARCH_MIN, query } from '../fuzzy-query';
import { startQuery } from '../query-run';
import type { Match } from '../ranking';
import { createWorkspaceIndex, type WorkspaceIndex } from '../workspace-index';
import { answerRequest } from './answer';
import type { FirstRows } from './protocol';

/** One clock check per slice and for the first rows' sample: what each step does does not depend on the machine's speed. */
const STEPWISE = { firstMs: 0, sliceMs: 0 };

const shown = (ms: Match[]): string[] => ms.map((m) => `${m.score} ${m.path}`);

/** Checks that each row is a match of `text` with its exact score: found with it among the best 2,000, or scoring below them. */
function expectMatches(index: WorkspaceIndex, text: string, rows: Match[]): void {
  const longer = query({ snapshot: () => index.snapshot() }, text, { limit: 2000 });
  const scoreOf = new Map(longer.map((m) => [m.path, m.score]));
  const floor = longer.length === 2000 ? (longer[1999] as Match).score : Number.NEGATIVE_INFINITY;
  for (const m of rows) {
    if (scoreOf.has(m.path)) expect(scoreOf.get(m.path), m.path).toBe(m.score);
    else expect(m.score, `${m.path} is missing from the longer answer`).toBeLessThanOrEqual(floor);
  }
}

describe('the index worker answering queries in slices', () => {
  let root = '';
  let index: WorkspaceIndex;
  beforeAll(async () => {
    // A real folder large enough for the broad search, whose scan is the one sliced.
    root = mkdtempSync(path.join(os.tmpdir(), 'atmark-answer-'));
    for (const rel of workspacePaths(9000)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), '');
    }
    index = createWorkspaceIndex(root, { watch: false });
    expect(await index.whenReady()).toBe('ready');
    expect(index.snapshot().count).toBeGreaterThan(BROAD_SEARCH_MIN);
  }, 120_000);
  afterAll(() => {
    index.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('gives the final answer, and an older query asked meanwhile gives way with its first rows', async () => {
    const cold = (text: string): Match[] => query({ snapshot: () => index.snapshot() }, text, { limit: 50 });
    // Sliced, not answered at once (else nothing could give way).
    expect(startQuery({ snapshot: () => index.snapshot() }, 'tsco', { limit: 50 }, 0).final).toBeNull();
    // Slices of one clock check: the first query is still scanning when the second is asked.
    const older = answerRequest(index, { op: 'query', text: 'tsco', sizes: false }, undefined, STEPWISE) as Promise<Match[]>;
    const newer = answerRequest(index, { op: 'query', text: 'tscon', sizes: false }, undefined, STEPWISE) as Promise<Match[]>;
    const [a, b] = await Promise.all([older, newer]);
    expect(shown(b)).toEqual(shown(cold('tscon')));
    // The older one stopped early: its rows are matches with their exact scores, but not its final answer.
    expectMatches(index, 'tsco', a);
    expect(shown(a)).not.toEqual(shown(cold('tsco')));
    // Asked alone, it runs to the end.
    expect(shown(await answerRequest(index, { op: 'query', text: 'tsco', sizes: false }, undefined, STEPWISE) as Match[])).toEqual(shown(cold('tsco')));
  });

  it('stops a query whose asker gave up, answering with its first rows', async () => {
    const controller = new AbortController();
    const asked = answerRequest(index, { op: 'query', text: 'rele', sizes: false }, controller.signal, STEPWISE) as Promise<Match[]>;
    controller.abort();
    const rows = await asked;
    expect(rows.length).toBeGreaterThan(0);
    expectMatches(index, 'rele', rows);
    expect(shown(rows)).not.toEqual(shown(query({ snapshot: () => index.snapshot() }, 'rele', { limit: 50 })));
    expect(startQuery({ snapshot: () => index.snapshot() }, 'rele', { limit: 50 }, 0).final, 'rele must be sliced for this test to mean anything').toBeNull();
  });

  it('answers a first-rows query in two steps: first rows marked not final, then query\'s own answer', async () => {
    const cold = query({ snapshot: () => index.snapshot() }, 'tsco', { limit: 50 });
    const first = (await answerRequest(index, { op: 'queryFirst', text: 'tsco', sizes: false }, undefined, STEPWISE)) as FirstRows;
    expect(first.final).toBe(false);
    expectMatches(index, 'tsco', first.matches);
    const rest = (await answerRequest(index, { op: 'queryRest', run: first.run }, undefined, STEPWISE)) as Match[] | null;
    expect(rest && shown(rest)).toEqual(shown(cold));
    // Taken once or not, the run's number stays its own: asking again gives the same final rows.
    expect(shown((await answerRequest(index, { op: 'queryRest', run: first.run }, undefined, STEPWISE)) as Match[])).toEqual(shown(cold));
  });

  it('a newer query ends an older first-rows query\'s rest, and an unknown run has none', async () => {
    const older = (await answerRequest(index, { op: 'queryFirst', text: 'rele', sizes: false }, undefined, STEPWISE)) as FirstRows;
    expect(older.final).toBe(false);
    const newer = (await answerRequest(index, { op: 'queryFirst', text: 'relea', sizes: false }, undefined, STEPWISE)) as FirstRows;
    expect(await answerRequest(index, { op: 'queryRest', run: older.run }, undefined, STEPWISE)).toBeNull();
    expect(await answerRequest(index, { op: 'queryRest', run: newer.run + 1000 }, undefined, STEPWISE)).toBeNull();
    const rest = (await answerRequest(index, { op: 'queryRest', run: newer.run }, undefined, STEPWISE)) as Match[] | null;
    expect(rest === null ? null : shown(rest)).toEqual(shown(query({ snapshot: () => index.snapshot() }, 'relea', { limit: 50 })));
  });

  it('marks a query answered whole at once as final, with nothing to follow', async () => {
    // One character is answered from the prior order at once (short-search.ts).
    const first = (await answerRequest(index, { op: 'queryFirst', text: 'r', sizes: false }, undefined, STEPWISE)) as FirstRows;
    expect(first.final).toBe(true);
    expect(shown(first.matches)).toEqual(shown(query({ snapshot: () => index.snapshot() }, 'r', { limit: 50 })));
    expect(await answerRequest(index, { op: 'queryRest', run: first.run }, undefined, STEPWISE)).toBeNull();
  });
});
