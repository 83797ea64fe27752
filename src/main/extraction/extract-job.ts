/**
 * Runs one extraction job in the current thread (the extraction worker calls it; tests may too).
 * Expected failures come back as values; anything a parser throws becomes `damaged` for documents
 * (a parser only throws on a file it cannot read) and `failed` for pages.
 */
import { extractDocument, readerOf } from './documents';
import { DocumentProblem } from './document-problem';
import type { ProgressListener } from './part-collector';
import { ocrEngine } from './ocr-engine';
import { loadPdfJs } from './pdfjs';
import { isImageFormat } from '../../shared/documents';
import type { DocumentFormat, ExtractionJob, ExtractionResult } from './protocol';

/** Extracts `job`, reporting a document's progress to `onProgress`; never rejects. */
export async function extractJob(job: ExtractionJob, onProgress?: ProgressListener): Promise<ExtractionResult> {
  try {
    if (job.kind === 'page') {
      const { extractPage } = await import('../net/extract');
      const page = extractPage(job.html, job.url, { maxTextBytes: job.maxTextBytes });
      return { ok: true, output: { kind: 'page', ...page } };
    }
    return { ok: true, output: await extractDocument(job, onProgress) };
  } catch (err) {
    if (err instanceof DocumentProblem) return { ok: false, problem: err.problem, detail: err.message };
    const detail = err instanceof Error ? err.message : String(err);
    if (err instanceof RangeError && /call stack/i.test(detail)) return { ok: false, problem: 'memory', detail };
    return { ok: false, problem: job.kind === 'page' ? 'failed' : 'damaged', detail };
  }
}

/**
 * Loads what `job` will be read with, so that the work counted against a document's budget is the
 * document's own: a worker started afresh (the last one ran out of a budget) loads PDF.js again,
 * and on a slow laptop that alone is more than a tenth of a second. Failures are left for the job.
 */
export async function loadReaderFor(job: ExtractionJob): Promise<void> {
  if (job.kind === 'page') await import('../net/extract').catch(() => undefined);
  else await warmReaders([job.format]);
}

/** Every format, for a worker warmed before anyone named one. */
const ALL_FORMATS: readonly DocumentFormat[] = ['pdf', 'docx', 'xlsx', 'pptx', 'odt'];

/**
 * Loads the readers of `formats` (default: all), PDF.js included, so a warm worker's first
 * document does not wait for them. Failures are left for the job to report.
 */
export async function warmReaders(formats: readonly DocumentFormat[] = ALL_FORMATS): Promise<void> {
  for (const format of formats) {
    await readerOf(format).catch(() => undefined);
    if (format === 'pdf') await loadPdfJs().catch(() => undefined);
    // The OCR engine's models (about 1.5 s of work) load before an image's budget starts counting.
    if (isImageFormat(format)) await ocrEngine().catch(() => undefined);
  }
}
