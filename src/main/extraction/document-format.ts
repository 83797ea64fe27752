/**
 * What document a file or a response body is, judged on its bytes (never only on its name or
 * header): a PDF header, an OLE container (an encrypted Office file or a legacy binary one), or a
 * zip whose parts say whether it is Word, Excel, PowerPoint, OpenDocument or HWPX. Cheap: nothing is
 * inflated (an OpenDocument's or HWPX's `mimetype` entry is stored uncompressed by the standard).
 * An OLE container that holds an HWP 5 `FileHeader` is HWP; the extraction worker checks that
 * stream's signature again when it opens the container.
 */
export { documentFormatOfName, isFlowingText, unitOf } from '../../shared/documents';
import { isMailOrPage, type DocumentFormat } from '../../shared/documents';
import { sniffImage } from '../../shared/image-header';
import { looksLikeZip, readZipDirectory } from './zip';

const ODF_TYPES: Readonly<Record<string, DocumentFormat>> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/hwp+zip': 'hwpx',
};

/** `FileHeader` as an OLE directory entry names it (UTF-16LE), and the signature that stream starts with. */
const HWP_DIRECTORY_NAME = Buffer.from('FileHeader', 'utf16le');
const HWP_SIGNATURE = Buffer.from('HWP Document File', 'latin1');

/**
 * True for an OLE container that holds HWP 5's `FileHeader` stream. The stream is small, so it
 * sits in the container's mini stream wherever the writer put it: its name and signature are looked
 * for in the bytes (two native searches), and the worker reads the stream properly.
 */
function isHwpContainer(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.includes(HWP_DIRECTORY_NAME) && buffer.includes(HWP_SIGNATURE);
}

/** What the bytes are: a document format, an encrypted/legacy Office container, or nothing known. */
export type SniffedDocument = { kind: 'document'; format: DocumentFormat } | { kind: 'ole' } | { kind: 'unknown' };

/**
 * What the bytes of a file named as `named` are. Email and saved pages are text with no magic number,
 * so their name decides, checked against the bytes: an Outlook .msg must be a CFB container, the
 * others must not hold NUL bytes near the top (except UTF-16 HTML). A real PDF or Office file
 * under such a name is still read as what it is.
 */
export function sniffNamedDocument(bytes: Uint8Array, named: DocumentFormat | null): SniffedDocument {
  const sniffed = sniffDocument(bytes);
  if (sniffed.kind === 'document' || named === null || !isMailOrPage(named)) return sniffed;
  if (named === 'msg') return sniffed.kind === 'ole' ? { kind: 'document', format: 'msg' } : { kind: 'unknown' };
  if (sniffed.kind === 'ole') return sniffed;
  const head = bytes.subarray(0, 4096);
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  return head.includes(0) && !(named === 'html' && utf16) ? { kind: 'unknown' } : { kind: 'document', format: named };
}

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
  // HWP 3 and older are no OLE container but start with the same signature; the reader says it is too old.
  if (head.startsWith('HWP Document File')) return { kind: 'document', format: 'hwp' };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return isHwpContainer(bytes) ? { kind: 'document', format: 'hwp' } : { kind: 'ole' };
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
  // An HWPX whose writer compressed its mimetype still has its package file.
  if (names.includes('Contents/content.hpf')) return { kind: 'document', format: 'hwpx' };
  return { kind: 'unknown' };
}
