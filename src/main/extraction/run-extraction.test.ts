import { afterAll, describe, expect, it } from 'vitest';
import { runExtraction } from './run-extraction';
import { ExtractionPool } from './pool';
import { SharedJobs } from './shared-jobs';
import { builtExtractionWorker, extractionWorkerScript } from './worker-script';
import { currentThreadId } from './thread-cpu';
import { makePdf, nestedDivPage } from '../../../test-support/documents';
import type { DocumentJob, ExtractionProgress, PageJob } from './protocol';
import type { JobBudget } from './worker-slot';

const words = 'A sentence of real article prose, long enough for Readability to score it as content. '.repeat(10);
const article: PageJob = {
  kind: 'page',
  html: `<html><head><title>Plain</title></head><body><article><h1>Plain</h1><p>${words}</p></article></body></html>`,
  url: 'https://site.example/a',
  maxTextBytes: 64 * 1024,
};
// Budgets these tests set themselves: generous where a job must finish, tight where one must stop.
const ample: JobBudget = { workMs: 120_000, idleMs: 120_000, clockMs: 240_000 };
const pools: ExtractionPool[] = [];
/** A pool of this test's own, closed after the file. */
function ownJobs(options: ConstructorParameters<typeof ExtractionPool>[0] = {}): SharedJobs {
  const pool = new ExtractionPool(options);
  pools.push(pool);
  return new SharedJobs(pool);
}
afterAll(() => pools.forEach((p) => p.close()));

describe('runExtraction', () => {
  it('extracts a page in a worker thread (bundled from the sources here) and returns plain values', async () => {
    const result = await runExtraction(article, { budget: ample });
    expect(result.ok).toBe(true);
    if (result.ok && result.output.kind === 'page') {
      expect(result.output.title).toBe('Plain');
      expect(result.output.markdown).toContain('A sentence of real article prose');
    }
  });

  it('keeps its worker warm: three jobs in a row start one worker', async () => {
    const jobs = ownJobs({ size: 1 });
    for (const n of [1, 2, 3]) {
      const result = await runExtraction({ ...article, url: `https://site.example/${n}` }, { budget: ample, jobs });
      expect(result.ok).toBe(true);
    }
    expect(jobs.pool.started).toBe(1);
    expect(jobs.pool.workers).toBe(1);
  });

  it('starts the successor of a worker retired after its last job at once, and the next job takes it', async () => {
    const jobs = ownJobs({ size: 1, maxJobsPerWorker: 2 });
    for (const n of [1, 2]) expect((await runExtraction({ ...article, url: `https://site.example/r${n}` }, { budget: ample, jobs })).ok).toBe(true);
    // The second job used up the first worker: its successor is already there, with no job asking.
    expect(jobs.pool.started).toBe(2);
    expect(jobs.pool.workers).toBe(1);
    expect((await runExtraction({ ...article, url: 'https://site.example/r3' }, { budget: ample, jobs })).ok).toBe(true);
    expect(jobs.pool.started).toBe(2);
  });

  it('stops a job at its budget of work (CPU time, where the OS counts it per thread), and replaces the worker', async () => {
    const jobs = ownJobs({ size: 1 });
    const result = await runExtraction({ ...article, html: nestedDivPage(100_000) }, { budget: { workMs: 300, idleMs: 120_000, clockMs: 30_000 }, jobs });
    // Linux counts the worker's CPU time; elsewhere the outer clock is what stops it.
    const spent = currentThreadId() !== null ? { clock: 'work', ms: 300 } : { clock: 'clock', ms: 30_000 };
    expect(result).toMatchObject({ ok: false, problem: 'deadline', limit: spent });
    // The worker that ran out is not reused.
    expect((await runExtraction(article, { budget: ample, jobs })).ok).toBe(true);
    expect(jobs.pool.started).toBe(2);
  });

  it("does not charge a document for loading its reader: a fresh worker's first PDF is read within a tenth of a second of work", async () => {
    // Loading PDF.js and its in-thread worker costs a fresh worker a few hundred ms of CPU; reading
    // this one-page PDF costs it a few. A worker replaced after a spent budget starts cold, and the
    // document it reads next must not pay for that.
    const jobs = ownJobs({ size: 1 });
    const pdf = await makePdf(1, 2);
    const job: DocumentJob = { kind: 'document', format: 'pdf', bytes: pdf, range: null, maxTextBytes: 64 * 1024, maxInflatedBytes: 64 * 1024 * 1024 };
    const result = await runExtraction(job, { budget: { workMs: 100, idleMs: 120_000, clockMs: 240_000 }, jobs });
    expect(result).toMatchObject({ ok: true });
    expect(jobs.pool.started).toBe(1);
  });

  it('stops a job that finishes no unit within its idle bound (where CPU time is not counted)', async () => {
    const jobs = ownJobs({ size: 1 });
    const result = await runExtraction({ ...article, html: nestedDivPage(100_000) }, { budget: { workMs: null, idleMs: 400, clockMs: 240_000 }, jobs });
    expect(result.ok).toBe(false);
    // Either the idle bound or the worker's own memory limit stops it; it never runs on.
    if (!result.ok) expect(['deadline', 'memory']).toContain(result.problem);
    if (!result.ok && result.problem === 'deadline') expect(result.limit?.clock).toBe('idle');
  });

  it('reports a document\'s pages as they are read', async () => {
    const pdf = await makePdf(4, 2);
    const seen: ExtractionProgress[] = [];
    const job: DocumentJob = { kind: 'document', bytes: pdf, format: 'pdf', range: { start: 2, end: 4 }, maxTextBytes: 64 * 1024, maxInflatedBytes: 1 << 26 };
    const result = await runExtraction(job, { budget: ample, jobs: ownJobs(), onProgress: (p) => seen.push(p) });
    expect(result.ok).toBe(true);
    expect(seen.map((p) => `${p.done}/${p.total} ${p.unit}`)).toEqual(['0/3 page', '1/3 page', '2/3 page', '3/3 page']);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = runExtraction({ ...article, html: nestedDivPage(100_000) }, { budget: ample, signal: controller.signal, jobs: ownJobs() });
    setTimeout(() => controller.abort(), 300);
    expect(await pending).toEqual({ ok: false, problem: 'aborted', detail: '' });
  });

  it('a caller that gives up leaves the job to the next one asking for it: it runs once', async () => {
    const jobs = ownJobs();
    const pdf = await makePdf(3, 2);
    const job = (): DocumentJob => ({ kind: 'document', bytes: new Uint8Array(pdf), format: 'pdf', range: null, maxTextBytes: 64 * 1024, maxInflatedBytes: 1 << 26 });
    const first = new AbortController();
    const left = runExtraction(job(), { budget: ample, signal: first.signal, jobs });
    first.abort();
    expect(await left).toMatchObject({ problem: 'aborted' });
    const joined = await runExtraction(job(), { budget: ample, jobs });
    expect(joined.ok).toBe(true);
    expect(jobs.runs).toBe(1);
    // A Retry is never served by a budgeted run: it exists to get more time.
    expect((await runExtraction(job(), { budget: { ...ample, workMs: null }, jobs })).ok).toBe(true);
    expect(jobs.runs).toBe(2);
  });

  it('an already aborted signal starts nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await runExtraction(article, { budget: ample, signal: controller.signal })).toEqual({ ok: false, problem: 'aborted', detail: '' });
  });

  it('reports a heap past the memory limit as memory, not a crash', async () => {
    // 200,000 small paragraphs: the DOM alone outgrows a 16 MiB heap, node by node. (One single
    // allocation larger than the whole heap would instead abort the process: V8 cannot recover
    // from that in a worker, see docs/decisions.md.)
    const big = `<html><body><article>${'<p>a few words</p>'.repeat(200_000)}</article></body></html>`;
    const result = await runExtraction({ ...article, html: big, maxTextBytes: 256 * 1024 * 1024 }, { budget: ample, jobs: ownJobs({ memoryMb: 16 }) });
    expect(result).toMatchObject({ ok: false, problem: 'memory' });
  });

  it('runs at most two workers at once; the others wait their turn and all finish', async () => {
    const jobs = ownJobs({ size: 2 });
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => runExtraction({ ...article, url: `https://site.example/p${i}` }, { budget: ample, jobs })));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true]);
    expect(jobs.pool.started).toBeLessThanOrEqual(2);
  });

  it('a job still waiting for a turn is cancelled by its signal', async () => {
    const jobs = ownJobs({ size: 2 });
    const tight: JobBudget = { workMs: 2_000, idleMs: 60_000, clockMs: 120_000 };
    const busy = [1, 2].map((n) => runExtraction({ ...article, html: nestedDivPage(100_000 + n) }, { budget: tight, jobs }));
    const controller = new AbortController();
    const waiting = runExtraction(article, { budget: ample, signal: controller.signal, jobs });
    setTimeout(() => controller.abort(), 100);
    expect(await waiting).toEqual({ ok: false, problem: 'aborted', detail: '' });
    await Promise.all(busy);
  });

  it('a missing worker script is a failure value, not a throw', async () => {
    const result = await runExtraction(article, { budget: ample, jobs: ownJobs({ script: '/nonexistent/extraction-worker.mjs' }) });
    expect(result.ok).toBe(false);
  });
});

describe('extractionWorkerScript', () => {
  it('finds no built worker beside the sources, and bundles one from them', async () => {
    expect(builtExtractionWorker(new URL('.', import.meta.url).pathname)).toBeNull();
    expect(await extractionWorkerScript()).toMatch(/node_modules\/\.cache\/atmark-extraction\/extraction-worker-\d+\.mjs$/);
  });
});
