/**
 * An image (PNG, JPEG, WebP, GIF's first frame) read as text by OCR, in the extraction worker.
 * Its declared size is checked before anything decodes it (image-header.ts); the text comes back
 * as one part, with the OCR's confidence so the chip can warn when the reading is doubtful.
 */
import { DocumentProblem } from './document-problem';
import { imageFits, readImageHeader } from '../../shared/image-header';
import { ocrExtractor, recognizeImage } from './ocr-engine';
import type { DocumentJob, DocumentOutput } from './protocol';
import { tidyLines } from './tidy-lines';

/** Reads the text of an image job. */
export async function extractImage(job: DocumentJob): Promise<DocumentOutput> {
  const header = readImageHeader(job.bytes);
  if (!header) throw new DocumentProblem('damaged', 'no image header');
  if (!imageFits(header)) throw new DocumentProblem('too-many-pixels', `${header.width}x${header.height}`);
  const { text, confidence } = await recognizeImage(job.bytes);
  const markdown = tidyLines(text);
  return {
    kind: 'document',
    format: header.format,
    extractor: ocrExtractor(),
    unit: 'page',
    unitCount: 1,
    parts: [{ index: 1, title: '', markdown }],
    stoppedAt: null,
    notices: [],
    image: { width: header.width, height: header.height, confidence: markdown === '' ? 0 : confidence },
  };
}
