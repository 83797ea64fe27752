/**
 * PDF to Markdown with PDF.js (pdfjs-dist, legacy build for Node): the text layer of each page in
 * the order the page draws it, which for ordinary documents is reading order, under a page marker.
 * Scripts never run: eval is off, no fonts are loaded into the page, and character maps come from
 * the installed package, never the network.
 *
 * PDF.js is given no standard font data (`standardFontDataUrl`). With it, every document that names
 * one of the 14 standard fonts without embedding it (Helvetica, Times, Courier: most generated
 * reports) read and parsed a substitute font program (Liberation Sans, 130 KB and more) afresh,
 * since PDF.js keeps it per document: about two thirds of a small PDF's time (issue 27: a one-page
 * PDF 5-25 ms with it, 3-5 without, in a warm worker). A font program only draws glyphs: PDF.js
 * builds the text of a font that is not embedded from its encoding and its standard metrics either
 * way, and ignores a substitute's own tables for that (`isInternalFont`). The texts of 32 PDFs (the
 * 14 fonts, manuals from groff and Ghostscript with fonts embedded and not, other writers' PDFs)
 * were the same byte for byte with and without; pdf-fonts.test.ts keeps the text of 13 of them
 * (ZapfDingbats gives none either way).
 */
import { DocumentProblem } from './document-problem';
import { loadPdfJs } from './pdfjs';
import { checkPdfStreams } from './pdf-streams';
import { PartCollector, type ProgressListener } from './part-collector';
import { extractorName, pdfjsCmapFolder } from './packages';
import type { DocumentJob, DocumentOutput } from './protocol';
import { tidyLines } from './tidy-lines';


interface TextItem {
  str: string;
  hasEOL?: boolean;
  transform?: number[];
}

/** Joins a page's text items into lines: a new line at an explicit end of line or a jump in y. */
export function pageText(items: readonly TextItem[]): string {
  let text = '';
  let lastY: number | null = null;
  for (const item of items) {
    const y = item.transform?.[5] ?? null;
    if (lastY !== null && y !== null && Math.abs(y - lastY) > 2 && !text.endsWith('\n')) text += '\n';
    text += item.str;
    if (item.hasEOL) text += '\n';
    if (y !== null) lastY = y;
  }
  return tidyLines(text);
}

/**
 * How long the pages of a PDF that cannot fit are read to name the ones that do (a 10,000-page PDF
 * answers "pages 1–N fit" within about this, N being a page that surely fits, if not the last).
 */
export const HINT_SCAN_MS = 1000;

/** What a page without a text layer shows in the attached text (a marker, like the page marker). */
export const NO_TEXT_ON_PAGE = '(no text layer on this page: it may be a scanned image)';

/** The marker put before each page's text. */
export function pageMarker(index: number, count: number): string {
  return `<!-- page ${index} of ${count} -->`;
}

/** Extracts the pages of a PDF in `job.range`. */
export async function extractPdf(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  // A stream that would inflate to gigabytes is refused before PDF.js inflates it outside the heap limit.
  checkPdfStreams(job.bytes);
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: job.bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    disableStream: true,
    cMapUrl: pdfjsCmapFolder(),
    cMapPacked: true,
    enableXfa: false,
    verbosity: 0,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (err) {
    const name = (err as { name?: string }).name ?? '';
    if (name === 'PasswordException') throw new DocumentProblem('encrypted', 'password required');
    throw new DocumentProblem('damaged', (err as Error).message);
  }
  const count = doc.numPages;
  const collector = new PartCollector(job.range, job.maxTextBytes, 'page', onProgress);
  collector.expect(count);
  let withText = 0;
  const emptyPages: number[] = [];
  const start = job.range?.start ?? 1;
  const last = Math.min(count, job.range?.end ?? count);
  // Page markers alone would pass the limit: the range cannot fit, and what is read only names the
  // pages that do. That scan stops after HINT_SCAN_MS, naming the pages read so far.
  const surelyOver = (last - start + 1) * (pageMarker(count, count).length + 4) > job.maxTextBytes;
  const scanUntil = performance.now() + HINT_SCAN_MS;
  for (let index = start; index <= count && collector.more(index); index++) {
    if (surelyOver && index > start && performance.now() > scanUntil) {
      collector.stoppedAt = index;
      break;
    }
    const page = await doc.getPage(index);
    const content = await page.getTextContent();
    page.cleanup();
    const text = pageText(content.items as TextItem[]);
    if (text !== '') withText += 1;
    else emptyPages.push(index);
    if (!collector.add(index, '', `${pageMarker(index, count)}\n\n${text || NO_TEXT_ON_PAGE}`)) break;
  }
  await doc.destroy();
  if (collector.parts.length > 0 && withText === 0) throw new DocumentProblem('no-text-layer');
  return {
    kind: 'document',
    format: 'pdf',
    extractor: extractorName('pdfjs-dist'),
    unit: 'page',
    unitCount: count,
    parts: collector.parts,
    stoppedAt: collector.stoppedAt,
    notices: [],
    emptyPages: emptyPages.filter((p) => collector.parts.some((part) => part.index === p)),
  };
}
