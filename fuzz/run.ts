/**
 * `npm run fuzz [-- --seconds N] [-- --target NAME]`: fast-check properties over the readers of
 * untrusted bytes (fuzz/targets.ts), seeded with real files, for a bounded time (default 180 s,
 * or FUZZ_SECONDS). The work runs in a worker thread watched from here: an input that does not end
 * within {@link HANG_MS} is a hang (the worker is terminated and the input kept); one that pushes the
 * worker's memory past {@link MAX_RSS_MIB} is a finding too. Findings are written to
 * fuzz/findings/<target>-<hash>.json (the input in base64 and what happened) and are replayed by
 * fuzz/regressions.test.ts in `npm test`. Prints iterations per target at the end.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { mutate, mutationsArb } from './mutate';
import { buildRepo, fuzzTargets, reviveRepo, type RepoFiles } from './targets';

/** An input that runs longer than this is a hang. */
const HANG_MS = 10_000;
/** An input slower than this is reported (but not kept) as slow. */
const SLOW_MS = 2_000;
/** Resident memory past this is a finding. */
const MAX_RSS_MIB = 512;

interface Job {
  target: string;
  ms: number;
  seed: number;
  repo: RepoFiles;
}

type FromWorker =
  | { type: 'input'; target: string; input: string }
  | { type: 'done'; target: string; runs: number; slow: number; failure: { input: string; error: string } | null };

function findingsDir(): string {
  // Run from the repository root (npm run fuzz), whatever the bundle's location.
  const dir = path.join(process.cwd(), 'fuzz', 'findings');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

function keep(target: string, input: Buffer, error: string): string {
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 12);
  const file = path.join(findingsDir(), `${target}-${hash}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ target, error, input: input.toString('base64') }, null, 2)}\n`);
  return file;
}

/** Inputs between two turns of the event loop (see below). */
const YIELD_EVERY = 50;

/** The worker: runs one target's property for `ms`, reporting each input before it runs it. */
async function workerMain(job: Job): Promise<void> {
  const target = fuzzTargets(reviveRepo(job.repo)).find((t) => t.name === job.target);
  if (!target) throw new Error(`no fuzz target ${job.target}`);
  let runs = 0;
  let slow = 0;
  let lastInput: Buffer = Buffer.alloc(0);
  let lastError = '';
  // Node frees the zlib state of a failed synchronous inflate only when the event loop turns (a
  // measured 15 KB each, 300 MiB after 20,000 failures in one synchronous loop): the worker turns it
  // every few inputs, or the memory rule would fire on the harness instead of the readers.
  const property = fc.asyncProperty(fc.nat(), mutationsArb, async (pick, mutations) => {
    if (runs % YIELD_EVERY === 0) await new Promise((r) => setTimeout(r, 0));
    const input = mutate(target.seeds[pick % target.seeds.length] as Buffer, mutations);
    lastInput = input;
    parentPort?.postMessage({ type: 'input', target: target.name, input: input.toString('base64') } satisfies FromWorker);
    const started = performance.now();
    try {
      target.run(input);
    } catch (err) {
      lastError = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      throw err;
    }
    runs++;
    if (performance.now() - started > SLOW_MS) slow++;
    const rss = process.memoryUsage().rss / 1024 / 1024;
    if (rss > MAX_RSS_MIB) {
      lastError = `memory: ${Math.round(rss)} MiB resident`;
      throw new Error(lastError);
    }
  });
  const details = await fc.check(property, { seed: job.seed, numRuns: Number.MAX_SAFE_INTEGER, interruptAfterTimeLimit: job.ms, markInterruptAsFailure: false, endOnFailure: true });
  const failure = details.failed ? { input: lastInput.toString('base64'), error: lastError || String(details.errorInstance) } : null;
  parentPort?.postMessage({ type: 'done', target: target.name, runs, slow, failure } satisfies FromWorker);
}

/** Runs one job in a worker; resolves with its result, or a hang when it stops answering. */
function runJob(job: Job): Promise<{ runs: number; slow: number; finding: string | null }> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    let last: { input: string } | null = null;
    let lastAt = Date.now();
    let settled = false;
    const finish = (value: { runs: number; slow: number; finding: string | null }): void => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      void worker.terminate();
      resolve(value);
    };
    const watch = setInterval(() => {
      if (Date.now() - lastAt > HANG_MS + 5_000 + (last ? 0 : 60_000)) {
        const file = last ? keep(job.target, Buffer.from(last.input, 'base64'), `hang: no answer within ${HANG_MS} ms`) : null;
        finish({ runs: 0, slow: 0, finding: file });
      }
    }, 1000);
    worker.on('message', (m: FromWorker) => {
      lastAt = Date.now();
      if (m.type === 'input') last = m;
      else finish({ runs: m.runs, slow: m.slow, finding: m.failure ? keep(job.target, Buffer.from(m.failure.input, 'base64'), m.failure.error) : null });
    });
    worker.on('error', (err) => {
      const file = last ? keep(job.target, Buffer.from(last.input, 'base64'), `crash: ${err.message}`) : null;
      finish({ runs: 0, slow: 0, finding: file });
    });
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const at = (flag: string): string | undefined => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const seconds = Number(at('--seconds') ?? process.env.FUZZ_SECONDS ?? 180);
  const only = at('--target');
  const repo = buildRepo();
  const names = fuzzTargets(repo)
    .map((t) => t.name)
    .filter((n) => !only || n === only);
  const totals = new Map(names.map((n) => [n, { runs: 0, slow: 0, findings: [] as string[] }]));
  const end = Date.now() + seconds * 1000;
  // Slices of 20 s, round-robin, so every target gets time however long the run.
  const slice = Math.max(2_000, Math.min(20_000, Math.floor((seconds * 1000) / names.length)));
  let round = 0;
  while (Date.now() < end) {
    for (const target of names) {
      const ms = Math.min(slice, end - Date.now());
      if (ms < 500) break;
      const out = await runJob({ target, ms, seed: 0x5eed + round * 101 + names.indexOf(target), repo });
      const t = totals.get(target)!;
      t.runs += out.runs;
      t.slow += out.slow;
      if (out.finding) {
        t.findings.push(out.finding);
        console.log(`finding in ${target}: ${out.finding}`);
      }
    }
    round++;
  }
  let all = 0;
  for (const [name, t] of totals) {
    all += t.runs;
    console.log(`${name.padEnd(8)} ${String(t.runs).padStart(9)} inputs, ${t.slow} slow (> ${SLOW_MS} ms), ${t.findings.length} findings`);
  }
  const found = [...totals.values()].reduce((n, t) => n + t.findings.length, 0);
  console.log(`fuzzed ${all} inputs in ${seconds} s; ${found} findings${found ? ' (kept in fuzz/findings/)' : ''}`);
  process.exitCode = found ? 1 : 0;
}

if (isMainThread) await main();
else await workerMain(workerData as Job);
