/**
 * Which reader a document goes to, by format. Each reader is loaded when its first document comes
 * (or when the worker is warmed for it): a worker that reads a PDF never loads the Word or sheet
 * readers, which cost more to load than a short PDF costs to read. The table is keyed by every
 * format of src/shared/formats/, so a format without a reader does not compile.
 */
import { DocumentProblem } from './document-problem';
import type { ProgressListener } from './part-collector';
import type { DocumentFormat, DocumentJob, DocumentOutput } from './protocol';

type Reader = (job: DocumentJob, onProgress?: ProgressListener) => Promise<DocumentOutput>;

/** Loads a reader (its module is imported on first use). */
type ReaderLoader = () => Promise<Reader>;

// Readers that serve more than one format.
const odf: ReaderLoader = async () => (await import('./odf')).extractOdf;
const table: ReaderLoader = async () => (await import('./csv')).extractTable;
const savedPage: ReaderLoader = async () => (await import('./saved-page')).extractSavedPage;
const image: ReaderLoader = async () => (await import('./images')).extractImage;

const READERS: Readonly<Record<DocumentFormat, ReaderLoader>> = {
  pdf: async () => (await import('./pdf')).extractPdf,
  docx: async () => (await import('./word')).extractWord,
  xlsx: async () => (await import('./sheets')).extractSheets,
  pptx: async () => (await import('./slides')).extractSlides,
  odt: odf,
  ods: odf,
  odp: odf,
  hwp: async () => (await import('./hwp')).extractHwp,
  hwpx: async () => (await import('./hwpx')).extractHwpx,
  csv: table,
  tsv: table,
  eml: async () => (await import('./eml')).extractEml,
  msg: async () => (await import('./outlook-msg')).extractMsg,
  html: savedPage,
  mhtml: savedPage,
  png: image,
  jpeg: image,
  webp: image,
  gif: image,
};

/** Loads the reader of `format`; a format that is none of the table's (a job from a newer or broken caller) is `unsupported`. */
export async function readerOf(format: DocumentFormat): Promise<Reader> {
  if (!Object.prototype.hasOwnProperty.call(READERS, format)) throw new DocumentProblem('unsupported', String(format));
  return READERS[format]();
}

/** Extracts `job` with the reader of its format (in the extraction worker). */
export async function extractDocument(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  return (await readerOf(job.format))(job, onProgress);
}
