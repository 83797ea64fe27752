/**
 * The expansion bench, on the git bench repository: a message of 8 references (5 files, one of
 * 60 KiB, a folder, `@diff`, `@git:3`) expanded warm (every reference read again, caches used), and
 * the time the services take to answer after the person changes the context length of a prompt
 * that was already expanded (the live preview's path: `createExpander().expand`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createEngine } from '../src/main/engine';
import { MiB } from '../src/shared/limits';
import { createExpander } from '../src/main/services/expander';
import { benchFilePath, generateGitRepo } from './generate-repo';
import { median } from './median';

/** Medians of the expansion bench. */
export interface ExpandBenchResult {
  /** The repository and the message, for an anchor that expands the same. */
  dir: string;
  message: string;
  /** Eight references, every one read again (fresh), caches warm. */
  eightMs: number;
  /** From a new context length to the new result, the prompt unchanged. */
  contextChangeMs: number;
  /** Resolver runs the context change caused (0 when only the budget is recomputed). */
  contextChangeResolves: number;
}

const RUNS = 7;
/**
 * Limits raised so every reference attaches (the diff alone is about 170 KiB): the bench times the
 * whole work, not a refusal.
 */
const LIMITS = { maxReferenceBytes: 4 * MiB, maxTotalBytes: 16 * MiB };
const CONTEXT_LENGTH = 1_000_000;

/** A 60 KiB text file beside the repository's files, left out of git through info/exclude. */
function plantBigFile(dir: string): string {
  const rel = 'docs/guide-60k.md';
  const full = path.join(dir, rel);
  if (!fs.existsSync(full)) {
    fs.mkdirSync(path.dirname(full), { recursive: true });
    const line = 'This guide explains how the modules fit together and which function to call first.\n';
    fs.writeFileSync(full, line.repeat(Math.ceil(60 * 1024 / line.length)).slice(0, 60 * 1024));
    fs.appendFileSync(path.join(dir, '.git', 'info', 'exclude'), `\n/${rel}\n`);
  }
  return rel;
}

/** The bench's message of eight references. */
export function eightReferenceMessage(dir: string): string {
  const files = [plantBigFile(dir), benchFilePath(1), benchFilePath(2222), benchFilePath(4444), benchFilePath(8888)];
  return `Review ${files.map((f) => `@file:${f}`).join(' ')} with @folder:pkg3/src/mod1 and @diff and @git:3 please`;
}

/** Runs the expansion bench and prints its figures. */
export async function runExpandBench(): Promise<ExpandBenchResult> {
  const dir = generateGitRepo(console.log);
  const message = eightReferenceMessage(dir);
  console.log(`## Expansion, 8 references, on ${dir} (medians of ${RUNS})`);
  const engine = createEngine({ workspace: dir, limits: LIMITS, contextLength: CONTEXT_LENGTH });
  const first = await engine.expand(message, { fresh: true });
  // Warm means the engine's second look at the repository has happened too: it opens the working
  // tree's watch with a full pass (src/main/git/views/scan-memo.ts), 45-53 ms in a fresh process,
  // which the person's first `@diff` after the app's warm-up pays; every later one uses the watch.
  const second = performance.now();
  await engine.expand(message, { fresh: true });
  console.log(`the second expansion (the watch opened with a full pass): ${(performance.now() - second).toFixed(1)} ms`);
  const attached = first.references.filter((r) => r.status === 'attached').length;
  const eight: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await engine.expand(message, { fresh: true });
    eight.push(performance.now() - t0);
  }
  console.log(`8 references, fresh reads, warm caches: median ${median(eight).toFixed(1)} ms (${attached} of ${first.references.length} attached, ${first.attachedBytes} bytes, ${first.attachedTokens} tokens)`);

  // The live path: the expander keeps engines warm; count resolver runs through progress events.
  let resolves = 0;
  const expander = createExpander(undefined, async () => ({ key: 'bench', options: { limits: LIMITS } }));
  const expand = (contextLength: number) => expander.expand(dir, { requestId: 'bench', text: message, contextLength }, (p) => { if (p.state === 'resolving') resolves++; });
  await expand(CONTEXT_LENGTH);
  await expand(CONTEXT_LENGTH);
  const change: number[] = [];
  let changeResolves = 0;
  for (let i = 0; i < RUNS; i++) {
    resolves = 0;
    const t0 = performance.now();
    // A new length each time, as when the person picks another model.
    const r = await expand(CONTEXT_LENGTH - (i + 1) * 1000);
    change.push(performance.now() - t0);
    if (!r.ok) throw new Error(`expansion failed in the bench: ${r.error.message}`);
    changeResolves = Math.max(changeResolves, resolves);
  }
  console.log(`context length changed, prompt unchanged: median ${median(change).toFixed(1)} ms, up to ${changeResolves} resolver runs`);
  return { dir, message, eightMs: median(eight), contextChangeMs: median(change), contextChangeResolves: changeResolves };
}

// Run directly: node scripts/run-ts.mjs bench/expand8.ts
if (process.argv[1] && /(^|[\\/])expand8\.(ts|mjs|js)$/.test(process.argv[1])) await runExpandBench();
