/**
 * Document extraction: time and peak memory for a 100-page PDF and a workbook of about 5 MB, read
 * whole (no per-reference limit, so every page and row is turned into Markdown). Time is measured
 * in the extraction worker as `@file` uses it (worker start included), each job in a fresh Node
 * process whose peak resident set, less what it held before the worker started, is the job's peak memory.
 */
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import { extractionWorkerScript } from '../src/main/extraction/worker-script';
import type { DocumentJob } from '../src/main/extraction/protocol';
import { MiB } from '../src/shared/limits';
import { makePdf } from '../test-support/documents';

/** One row of the table. */
export interface DocumentBenchRow {
  document: string;
  bytes: number;
  units: string;
  workerMs: number;
  peakMiB: number;
  markdownKiB: number;
}

async function workbook(targetBytes: number): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (let s = 1; s <= 3; s++) {
    const ws = wb.addWorksheet(`Sheet ${s}`);
    ws.addRow(['id', 'name', 'amount', 'category', 'date']);
    for (let r = 1; r <= 66_000; r++) ws.addRow([r, `customer ${r}`, r * 1.25, `category ${r % 97}`, new Date(Date.UTC(2024, 0, 1 + (r % 365)))]);
  }
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  if (bytes.length < targetBytes * 0.8) console.warn(`workbook is ${bytes.length} bytes, less than the ~${targetBytes} aimed at`);
  return bytes;
}

/**
 * Runs `job` in the extraction worker inside a fresh Node process, so the peak resident set it
 * reports (`maxRSS`, the worker's heap included) belongs to this job alone.
 */
async function inFreshProcess(job: DocumentJob): Promise<{ ms: number; peak: number; markdown: number; units: string }> {
  const script = await extractionWorkerScript();
  const dir = mkdtempSync(path.join(tmpdir(), 'atmark-bench-doc-'));
  const jobFile = path.join(dir, 'job.bin');
  writeFileSync(jobFile, serialize(job));
  const driver = `
    import { Worker } from 'node:worker_threads';
    import { readFileSync } from 'node:fs';
    import { deserialize } from 'node:v8';
    const job = deserialize(readFileSync(${JSON.stringify(jobFile)}));
    const base = process.memoryUsage().rss;
    const started = performance.now();
    const worker = new Worker(${JSON.stringify(script)}, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32 } });
    worker.once('message', async (result) => {
      const ms = performance.now() - started;
      await worker.terminate();
      const parts = result.ok ? result.output.parts : [];
      console.log(JSON.stringify({ ok: result.ok, detail: result.detail, ms, peak: process.resourceUsage().maxRSS * 1024 - base,
        markdown: parts.reduce((n, p) => n + Buffer.byteLength(p.markdown), 0),
        units: result.ok ? parts.length + ' of ' + result.output.unitCount + ' ' + result.output.unit + 's' : '' }));
    });`;
  try {
    const driverFile = path.join(dir, 'driver.mjs');
    writeFileSync(driverFile, driver);
    const out = execFileSync(process.execPath, [driverFile], { encoding: 'utf8', maxBuffer: 16 * MiB });
    const r = JSON.parse(out.trim().split('\n').pop()!) as { ok: boolean; detail?: string; ms: number; peak: number; markdown: number; units: string };
    if (!r.ok) throw new Error(`extraction failed: ${r.detail ?? ''}`);
    return r;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(document: string, bytes: Uint8Array, format: DocumentJob['format'], maxTextBytes: number): Promise<DocumentBenchRow> {
  const job: DocumentJob = { kind: 'document', bytes, format, range: null, maxTextBytes, maxInflatedBytes: 256 * MiB };
  const r = await inFreshProcess(job);
  return { document, bytes: bytes.length, units: r.units, workerMs: r.ms, peakMiB: r.peak / MiB, markdownKiB: r.markdown / 1024 };
}

/** Runs the document benchmark and prints its table. */
export async function runDocumentBench(): Promise<DocumentBenchRow[]> {
  const pdf = await makePdf(100, 40, 'quick brown fox jumps over the lazy dog in a sentence');
  const book = await workbook(5 * MiB);
  const rows = [
    await measure('100-page PDF, whole', pdf, 'pdf', 256 * MiB),
    await measure('100-page PDF, as @file (64 KiB limit)', pdf, 'pdf', 64 * 1024),
    await measure('workbook, whole', book, 'xlsx', 256 * MiB),
    await measure('workbook, as @file (64 KiB limit)', book, 'xlsx', 64 * 1024),
  ];
  console.log('## Document extraction (in the extraction worker, worker start included; memory: peak resident set of a fresh process, less its start)');
  console.log('| document | size | units | time (worker) | peak memory | Markdown |\n|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.document} | ${(r.bytes / 1024).toFixed(0)} KiB | ${r.units} | ${r.workerMs.toFixed(0)} ms | ${r.peakMiB.toFixed(0)} MiB | ${r.markdownKiB.toFixed(0)} KiB |`);
  }
  return rows;
}

// Run alone: node scripts/run-ts.mjs bench/documents.ts
if (process.argv[1]?.endsWith('documents.ts')) await runDocumentBench();
