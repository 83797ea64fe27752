/**
 * Hermes Agent's own `preprocess_context_references` (Python) on the same message and repository as
 * the 8-reference row, timed in this run: issue 27 wants the anchor measured beside Atmark, never a
 * figure carried over from an earlier run.
 *
 * Hermes is not vendored: its package is not on the npm or Debian mirrors this machine reaches, and
 * its code stays out of this repository. The bench runs it when a checkout is named by
 * `HERMES_AGENT_SRC` (the folder holding `agent/context_references.py`), or when `python3` can
 * already import `agent.context_references`; otherwise the row says why it was not measured.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What the Hermes run gave: a median, or why there is none. */
export type HermesResult = { ms: number; runs: number; injectedTokens: number } | { skipped: string };

const RUNS = 7;

/**
 * The driver, our own: imports Hermes' module, expands once to warm Python's imports and the page
 * cache, then times RUNS expansions and prints their median as JSON.
 */
const DRIVER = `
import json, statistics, sys, time
from agent.context_references import preprocess_context_references
message, cwd, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
first = preprocess_context_references(message, cwd=cwd, context_length=1_000_000)
times = []
for _ in range(runs):
    t0 = time.perf_counter()
    preprocess_context_references(message, cwd=cwd, context_length=1_000_000)
    times.append((time.perf_counter() - t0) * 1000)
print(json.dumps({"ms": statistics.median(times), "tokens": first.injected_tokens, "blocked": first.blocked}))
`;

/** Runs Hermes' expansion of `message` in `cwd`, or says why it cannot. */
export function runHermesBench(message: string, cwd: string): HermesResult {
  const src = process.env.HERMES_AGENT_SRC;
  if (src && !fs.existsSync(path.join(src, 'agent', 'context_references.py'))) {
    return { skipped: `HERMES_AGENT_SRC=${src} has no agent/context_references.py` };
  }
  const env = { ...process.env, ...(src ? { PYTHONPATH: [src, process.env.PYTHONPATH].filter(Boolean).join(path.delimiter) } : {}) };
  const run = spawnSync('python3', ['-c', DRIVER, message, cwd, String(RUNS)], { env, encoding: 'utf8', timeout: 120_000 });
  if (run.error) return { skipped: `python3 could not run (${run.error.message})` };
  if (run.status !== 0) {
    const why = /No module named '?[\w.]+'?/.exec(run.stderr)?.[0] ?? run.stderr.trim().split('\n').pop() ?? `exit ${run.status}`;
    return { skipped: `Hermes Agent is not installed (${why}); set HERMES_AGENT_SRC to a checkout of NousResearch/hermes-agent` };
  }
  const out = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { ms?: number; tokens?: number; blocked?: boolean };
  if (typeof out.ms !== 'number') return { skipped: `the driver printed no figure: ${run.stdout.slice(0, 200)}` };
  if (out.blocked) return { skipped: 'Hermes refused the message (its 50% context limit)' };
  return { ms: out.ms, runs: RUNS, injectedTokens: out.tokens ?? 0 };
}
