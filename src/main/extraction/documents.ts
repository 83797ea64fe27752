/**
 * Which reader a document goes to, and what its format is. The format comes from the content
 * (a PDF header, or a zip whose parts say what it holds), with the file name only choosing among
 * formats the content allows: a `.pdf` that is really a zip is not read as PDF.
 */
import { DocumentProblem } from './document-problem';
import { extractOdf } from './odf';
import { extractPdf } from './pdf';
import type { DocumentJob, DocumentOutput } from './protocol';
import type { ProgressListener } from './part-collector';
import { extractSheets } from './sheets';
import { extractSlides } from './slides';
import { extractWord } from './word';

/** Extracts `job` with the reader of its format (in the extraction worker). */
export function extractDocument(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  switch (job.format) {
    case 'pdf':
      return extractPdf(job, onProgress);
    case 'docx':
      return extractWord(job, onProgress);
    case 'xlsx':
      return extractSheets(job, onProgress);
    case 'pptx':
      return extractSlides(job, onProgress);
    case 'odt':
    case 'ods':
    case 'odp':
      return extractOdf(job, onProgress);
    default:
      throw new DocumentProblem('unsupported', String(job.format));
  }
}
