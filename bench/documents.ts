/**
 * Document extraction: time and peak memory for a 100-page PDF and a workbook of about 5 MB, read
 * whole (no per-reference limit, so every page and row is turned into Markdown). Time is measured
 * through the extraction worker as `@file` uses it (worker start included), peak memory as the
 * growth of this process's resident set while the worker runs (the worker's heap is part of it).
 */
import ExcelJS from 'exceljs';
import { runExtraction } from '../src/main/extraction/run-extraction';
import type { DocumentJob } from '../src/main/extraction/protocol';
import { MiB } from '../src/shared/limits';
import { makePdf } from '../src/main/testing/documents';

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

/** Runs `job` in the extraction worker, sampling this process's resident set (the worker's memory is part of it). */
async function timedInWorker(job: DocumentJob): Promise<{ ms: number; peak: number; markdown: number; units: string }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const result = await runExtraction(job, { deadlineMs: 120_000 });
  const ms = performance.now() - started;
  clearInterval(timer);
  if (!result.ok || result.output.kind !== 'document') throw new Error(`extraction failed: ${result.ok ? 'not a document' : `${result.problem} ${result.detail}`}`);
  const markdown = result.output.parts.reduce((n, p) => n + Buffer.byteLength(p.markdown), 0);
  return { ms, peak: peak - base, markdown, units: `${result.output.parts.length} of ${result.output.unitCount} ${result.output.unit}s` };
}

async function measure(document: string, bytes: Uint8Array, format: DocumentJob['format'], maxTextBytes: number): Promise<DocumentBenchRow> {
  const job: DocumentJob = { kind: 'document', bytes, format, range: null, maxTextBytes, maxInflatedBytes: 256 * MiB };
  const r = await timedInWorker(job);
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
  console.log('## Document extraction (in the extraction worker, worker start included; memory: growth of the process resident set)');
  console.log('| document | size | units | time (worker) | peak memory | Markdown |\n|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.document} | ${(r.bytes / 1024).toFixed(0)} KiB | ${r.units} | ${r.workerMs.toFixed(0)} ms | ${r.peakMiB.toFixed(0)} MiB | ${r.markdownKiB.toFixed(0)} KiB |`);
  }
  return rows;
}

// Run alone: node scripts/run-ts.mjs bench/documents.ts
if (process.argv[1]?.endsWith('documents.ts')) await runDocumentBench();
