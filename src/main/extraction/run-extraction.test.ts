import { describe, expect, it } from 'vitest';
import { runExtraction } from './run-extraction';
import { builtExtractionWorker, extractionWorkerScript } from './worker-script';
import { nestedDivPage } from '../../../test-support/documents';
import type { PageJob } from './protocol';

const words = 'A sentence of real article prose, long enough for Readability to score it as content. '.repeat(10);
const article: PageJob = {
  kind: 'page',
  html: `<html><head><title>Plain</title></head><body><article><h1>Plain</h1><p>${words}</p></article></body></html>`,
  url: 'https://site.example/a',
  maxTextBytes: 64 * 1024,
};

describe('runExtraction', () => {
  it('extracts a page in a worker thread (bundled from the sources here) and returns plain values', async () => {
    const result = await runExtraction(article, { deadlineMs: 30_000 });
    expect(result.ok).toBe(true);
    if (result.ok && result.output.kind === 'page') {
      expect(result.output.title).toBe('Plain');
      expect(result.output.markdown).toContain('A sentence of real article prose');
    }
  });

  it('terminates the worker at its deadline and says so', async () => {
    const result = await runExtraction({ ...article, html: nestedDivPage(100_000) }, { deadlineMs: 1_500 });
    // Either the deadline or the worker's own limits stop it; it never runs on.
    expect(result.ok).toBe(false);
    if (!result.ok) expect(['deadline', 'memory']).toContain(result.problem);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = runExtraction({ ...article, html: nestedDivPage(100_000) }, { deadlineMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    expect(await pending).toEqual({ ok: false, problem: 'aborted', detail: '' });
  });

  it('an already aborted signal starts nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await runExtraction(article, { deadlineMs: 10_000, signal: controller.signal })).toEqual({ ok: false, problem: 'aborted', detail: '' });
  });

  it('reports a heap past the memory limit as memory, not a crash', async () => {
    // 200,000 small paragraphs: the DOM alone outgrows a 16 MiB heap, node by node. (One single
    // allocation larger than the whole heap would instead abort the process: V8 cannot recover
    // from that in a worker, see docs/decisions.md.)
    const big = `<html><body><article>${'<p>a few words</p>'.repeat(200_000)}</article></body></html>`;
    const result = await runExtraction({ ...article, html: big, maxTextBytes: 256 * 1024 * 1024 }, { deadlineMs: 60_000, memoryMb: 16 });
    expect(result).toMatchObject({ ok: false, problem: 'memory' });
  });

  it('runs at most two workers at once; the others wait their turn and all finish', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => runExtraction(article, { deadlineMs: 60_000 })));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true]);
  });

  it('a job still waiting for a turn is cancelled by its signal', async () => {
    const busy = [1, 2].map(() => runExtraction({ ...article, html: nestedDivPage(100_000) }, { deadlineMs: 2_000 }));
    const controller = new AbortController();
    const waiting = runExtraction(article, { deadlineMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await waiting).toEqual({ ok: false, problem: 'aborted', detail: '' });
    await Promise.all(busy);
  });

  it('a missing worker script is a failure value, not a throw', async () => {
    const result = await runExtraction(article, { deadlineMs: 10_000, script: '/nonexistent/extraction-worker.mjs' });
    expect(result.ok).toBe(false);
  });
});

describe('extractionWorkerScript', () => {
  it('finds no built worker beside the sources, and bundles one from them', async () => {
    expect(builtExtractionWorker(new URL('.', import.meta.url).pathname)).toBeNull();
    expect(await extractionWorkerScript()).toMatch(/node_modules\/\.cache\/atmark-extraction\/extraction-worker-\d+\.mjs$/);
  });
});
