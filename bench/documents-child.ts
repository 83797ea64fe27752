/**
 * Child process of the documents bench: one measurement in a process of its own, so its peak
 * memory (Linux VmHWM) is its own. argv[2] is a JSON spec:
 * - `{"mode":"engine","workspace":DIR,"message":M,"limits":{...},"warm":N}`: an engine in this
 *   process; the message expanded once (fresh, the first), then N more times (fresh, warm).
 * - `{"mode":"host","workspace":DIR,"message":M,"script":ENGINE_WORKER,"settleMs":N}`: the app's
 *   and the browser host's engine worker started for the workspace; after it has been ready for
 *   `settleMs` (the person picks a file), the message's first expansion.
 * Prints `{"firstMs", "warmMs": [...], "peakBytes", "statuses": [...]}`.
 */
import { readFileSync } from 'node:fs';
import { createEngine, startEngineWorker } from '../src/main/engine';
import type { ExpansionResult } from '../src/shared/expansion';
import type { Limits } from '../src/shared/limits';

interface Spec {
  mode: 'engine' | 'host';
  workspace: string;
  message: string;
  limits?: Partial<Limits>;
  warm?: number;
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

if (spec.mode === 'engine') {
  const engine = createEngine({ workspace: spec.workspace, ...(spec.limits ? { limits: spec.limits } : {}) });
  await engine.expand('hi'); // the tokenizer, as any first expansion loads it
  const first = await time(() => engine.expand(spec.message, { fresh: true }));
  const warmMs: number[] = [];
  for (let i = 0; i < (spec.warm ?? 0); i++) warmMs.push((await time(() => engine.expand(spec.message, { fresh: true }))).ms);
  console.log(JSON.stringify({ firstMs: first.ms, warmMs, peakBytes: peakBytes(), statuses: statuses(first.result) }));
  process.exit(0);
} else {
  const engine = await startEngineWorker(spec.script!, { workspace: spec.workspace });
  await new Promise((resolve) => setTimeout(resolve, spec.settleMs ?? 1000));
  const first = await time(() => engine.expand(spec.message, { fresh: true }));
  console.log(JSON.stringify({ firstMs: first.ms, warmMs: [], peakBytes: peakBytes(), statuses: statuses(first.result) }));
  await (engine as { close?: () => Promise<void> }).close?.();
  process.exit(0);
}
