/**
 * A child process that extracts one document the way the product does (a fresh pool of warm
 * workers, the product's memory limits and caps, the document's own budget) and prints what came
 * out with the process's peak memory. Tests of hostile documents run it in a process of its own, so
 * the peak (`maxRSS`: heap, buffers and every worker thread) is this one extraction's alone.
 * Usage: node extract-child.mjs FILE FORMAT
 */
import { readFileSync } from 'node:fs';
import { ExtractionPool } from '../src/main/extraction/pool';
import { SharedJobs } from '../src/main/extraction/shared-jobs';
import { runExtraction } from '../src/main/extraction/run-extraction';
import { documentBudget } from '../src/main/extraction/budget';
import { MAX_INFLATED_BYTES } from '../src/main/resolvers/document';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import type { DocumentFormat } from '../src/shared/documents';
import { peakBytes } from './peak-rss';

const [file, format] = process.argv.slice(2) as [string, DocumentFormat];
const bytes = new Uint8Array(readFileSync(file));
const pool = new ExtractionPool();
const result = await runExtraction(
  { kind: 'document', bytes, format, range: null, maxTextBytes: DEFAULT_LIMITS.maxReferenceBytes, maxInflatedBytes: MAX_INFLATED_BYTES },
  { budget: documentBudget(bytes.length, DEFAULT_LIMITS.documentTimeoutMs), jobs: new SharedJobs(pool) },
);
pool.close();
const summary = result.ok ? { ok: true } : { ok: false, problem: result.problem, detail: result.detail };
process.stdout.write(JSON.stringify({ result: summary, peakBytes: peakBytes() }));
