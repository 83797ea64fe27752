/**
 * What document a file or a response body is, judged on its bytes (never only on its name or
 * header): a PDF header, an OLE container (an encrypted Office file or a legacy binary one), or a
 * zip whose parts say whether it is Word, Excel, PowerPoint or OpenDocument. Cheap: nothing is
 * inflated (an OpenDocument's `mimetype` entry is stored uncompressed by the standard).
 */
export { documentFormatOfName, isFlowingText, unitOf } from '../../shared/documents';
import type { DocumentFormat } from '../../shared/documents';
import { sniffImage } from '../../shared/image-header';
import { looksLikeZip, readZipDirectory } from './zip';

const ODF_TYPES: Readonly<Record<string, DocumentFormat>> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

/** What the bytes are: a document format, an encrypted/legacy Office container, or nothing known. */
export type SniffedDocument = { kind: 'document'; format: DocumentFormat } | { kind: 'ole' } | { kind: 'unknown' };

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** Sniffs `bytes` (the whole file or body). */
export function sniffDocument(bytes: Uint8Array): SniffedDocument {
  // A PDF header may follow some junk within the first KiB, but not markup: a web page that
  // mentions "%PDF-1.7" near its top is still a web page.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const pdf = /%PDF-\d\.\d/.exec(head);
  if (pdf && !head.slice(0, pdf.index).includes('<')) return { kind: 'document', format: 'pdf' };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'ole' };
  const image = sniffImage(bytes);
  if (image) return { kind: 'document', format: image };
  if (!looksLikeZip(bytes)) return { kind: 'unknown' };
  let names: string[];
  try {
    const entries = readZipDirectory(bytes);
    names = entries.map((e) => e.name);
    const mimetype = entries.find((e) => e.name === 'mimetype' && e.method === 0 && e.size < 200);
    if (mimetype) {
      const at = mimetype.offset + 30 + 8; // 'mimetype' is 8 bytes and ODF forbids an extra field
      const type = Buffer.from(bytes.subarray(at, at + mimetype.size)).toString('latin1');
      if (ODF_TYPES[type]) return { kind: 'document', format: ODF_TYPES[type]! };
    }
  } catch {
    return { kind: 'unknown' };
  }
  if (names.includes('word/document.xml')) return { kind: 'document', format: 'docx' };
  if (names.includes('xl/workbook.xml')) return { kind: 'document', format: 'xlsx' };
  if (names.includes('ppt/presentation.xml')) return { kind: 'document', format: 'pptx' };
  return { kind: 'unknown' };
}
