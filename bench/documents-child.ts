/**
 * Child process of the documents bench: one measurement in a process of its own, so its peak
 * memory (Linux VmHWM) is its own. argv[2] is a JSON spec:
 * - `{"mode":"engine","workspace":DIR,"message":M,"limits":{...},"warmMessages":[...]}`: an engine
 *   in this process; the message expanded once (fresh, the first), then each warm message (fresh;
 *   they name copies of the same documents with other bytes, so no result is reused).
 * - `{"mode":"extract","workspace":DIR,"files":[F...],"format":X}`: the extraction workers alone, as
 *   the engine calls them, the whole document with no text limit: the first file, then the others
 *   (copies) warm.
 * - `{"mode":"host","workspace":DIR,"message":M,"script":ENGINE_WORKER,"settleMs":N}`: the app's
 *   and the browser host's engine worker started for the workspace; after it has been ready for
 *   `settleMs` (the person picks a file), the message's first expansion.
 * Prints `{"firstMs", "warmMs": [...], "peakBytes", "statuses": [...]}`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createEngine } from '../src/main/engine';
// worker-engine.ts by name: the face of engine/worker is newer than some checkouts the bench compares.
import { startEngineWorker } from '../src/main/engine/worker/worker-engine';
import { runExtraction } from '../src/main/extraction/run-extraction';
import type { ExpansionResult } from '../src/shared/expansion';
import type { Limits } from '../src/shared/limits';

interface Spec {
  mode: 'engine' | 'host' | 'extract';
  workspace: string;
  message: string;
  limits?: Partial<Limits>;
  warmMessages?: string[];
  files?: string[];
  format?: string;
  script?: string;
  settleMs?: number;
}

const spec = JSON.parse(process.argv[2]!) as Spec;

function peakBytes(): number {
  const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return hwm ? Number(hwm[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
}

const statuses = (r: ExpansionResult) => r.references.map((ref) => `${ref.status}${ref.warnings[0] ? `: ${ref.warnings[0].message.slice(0, 120)}` : ''}`);

async function time(run: () => Promise<ExpansionResult>): Promise<{ ms: number; result: ExpansionResult }> {
  const t0 = performance.now();
  const result = await run();
  return { ms: performance.now() - t0, result };
}

if (spec.mode === 'extract') {
  // Both the old API (a deadline) and the new (a budget) are given: each checkout takes its own.
  const options = { deadlineMs: 600_000, budget: { workMs: 600_000, idleMs: 600_000, clockMs: 600_000 } } as never;
  const times: number[] = [];
  const outcome: string[] = [];
  for (const file of spec.files!) {
    const bytes = new Uint8Array(readFileSync(path.join(spec.workspace, file)));
    const job = { kind: 'document' as const, bytes, format: spec.format as never, range: null, maxTextBytes: 256 * 1024 * 1024, maxInflatedBytes: 256 * 1024 * 1024 };
    const t0 = performance.now();
    const r = await runExtraction(job, options);
    times.push(performance.now() - t0);
    outcome.push(r.ok ? `attached (${r.output.kind === 'document' ? r.output.parts.length : 0} parts)` : `failed: ${r.problem} ${r.detail}`);
  }
  console.log(JSON.stringify({ firstMs: times[0], warmMs: times.slice(1), peakBytes: peakBytes(), statuses: outcome.slice(0, 1) }));
  process.exit(0);
} else if (spec.mode === 'engine') {
  const engine = createEngine({ workspace: spec.workspace, contextLength: 10_000_000, ...(spec.limits ? { limits: spec.limits } : {}) });
  await engine.expand('hi'); // the tokenizer, as any first expansion loads it
  const first = await time(() => engine.expand(spec.message, { fresh: true }));
  const warmMs: number[] = [];
  for (const message of spec.warmMessages ?? []) warmMs.push((await time(() => engine.expand(message, { fresh: true }))).ms);
  console.log(JSON.stringify({ firstMs: first.ms, warmMs, peakBytes: peakBytes(), statuses: statuses(first.result) }));
  process.exit(0);
} else {
  // The engine worker does not keep a process alive on its own (the app's window does): this does.
  setInterval(() => undefined, 1000);
  const engine = await startEngineWorker(spec.script!, { workspace: spec.workspace });
  await new Promise((resolve) => setTimeout(resolve, spec.settleMs ?? 1000));
  const first = await time(() => engine.expand(spec.message, { fresh: true }));
  console.log(JSON.stringify({ firstMs: first.ms, warmMs: [], peakBytes: peakBytes(), statuses: statuses(first.result) }));
  await (engine as { close?: () => Promise<void> }).close?.();
  process.exit(0);
}
