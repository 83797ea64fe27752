/**
 * Which reader a document goes to. Each reader is loaded when its first document comes (or when
 * the worker is warmed for it): a worker that reads a PDF never loads the Word or sheet readers,
 * which cost more to load than a short PDF costs to read.
 */
import { DocumentProblem } from './document-problem';
import type { ProgressListener } from './part-collector';
import type { DocumentFormat, DocumentJob, DocumentOutput } from './protocol';

type Reader = (job: DocumentJob, onProgress?: ProgressListener) => Promise<DocumentOutput>;

/** Loads the reader of `format`. */
export async function readerOf(format: DocumentFormat): Promise<Reader> {
  switch (format) {
    case 'pdf':
      return (await import('./pdf')).extractPdf;
    case 'docx':
      return (await import('./word')).extractWord;
    case 'xlsx':
      return (await import('./sheets')).extractSheets;
    case 'pptx':
      return (await import('./slides')).extractSlides;
    case 'odt':
    case 'ods':
    case 'odp':
      return (await import('./odf')).extractOdf;
    case 'hwpx':
      return (await import('./hwpx')).extractHwpx;
    case 'hwp':
      return (await import('./hwp')).extractHwp;
    case 'csv':
    case 'tsv':
      return (await import('./csv')).extractTable;
    case 'eml':
      return (await import('./eml')).extractEml;
    case 'msg':
      return (await import('./outlook-msg')).extractMsg;
    case 'html':
    case 'mhtml':
      return (await import('./saved-page')).extractSavedPage;
    case 'png':
    case 'jpeg':
    case 'webp':
    case 'gif':
      return (await import('./images')).extractImage;
    default:
      throw new DocumentProblem('unsupported', String(format));
  }
}

/** Extracts `job` with the reader of its format (in the extraction worker). */
export async function extractDocument(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  return (await readerOf(job.format))(job, onProgress);
}
