/**
 * What document a file or a response body is, judged on its bytes (never only on its name or
 * header): a PDF header, an OLE container (an encrypted Office file or a legacy binary one), or a
 * zip whose parts say whether it is Word, Excel, PowerPoint, OpenDocument or HWPX. Cheap: nothing is
 * inflated (an OpenDocument's or HWPX's `mimetype` entry is stored uncompressed by the standard).
 * An OLE container that holds an HWP 5 `FileHeader` is HWP; the extraction worker checks that
 * stream's signature again when it opens the container.
 */
export { documentFormatOfName, isFlowingText, unitOf } from '../../shared/documents';
import { DOCUMENT_FORMATS, FORMAT_DESCRIPTORS, type DocumentFormat, type FormatSniff } from '../../shared/formats';
import { sniffImage } from '../../shared/image-header';
import { looksLikeZip, readZipDirectory } from './zip';

/** The formats a zip package is told by, from their descriptors: a stored `mimetype`'s value, or a part (in the descriptors' order). */
const ZIP_MIMETYPES = new Map<string, DocumentFormat>();
const ZIP_PARTS: [part: string, format: DocumentFormat][] = [];
for (const format of DOCUMENT_FORMATS) {
  const sniff: FormatSniff = FORMAT_DESCRIPTORS[format].sniff;
  if (sniff.by !== 'zip') continue;
  if (sniff.mimetype) ZIP_MIMETYPES.set(sniff.mimetype, format);
  if (sniff.part) ZIP_PARTS.push([sniff.part, format]);
}

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
 * What the bytes of a file named as `named` are. A format with no magic number is told by its name
 * (its descriptor's `sniff` says how the bytes are checked): a table file is read whatever it holds;
 * an Outlook .msg must be a CFB container; email and saved pages must not hold NUL bytes near the
 * top (except UTF-16 HTML), and a real PDF or Office file under such a name is still read as what
 * it is.
 */
export function sniffNamedDocument(bytes: Uint8Array, named: DocumentFormat | null): SniffedDocument {
  const byName: FormatSniff | null = named === null ? null : FORMAT_DESCRIPTORS[named].sniff;
  if (named === null || byName?.by !== 'name') return sniffDocument(bytes);
  if (byName.bytes === 'any') return { kind: 'document', format: named };
  const sniffed = sniffDocument(bytes);
  if (sniffed.kind === 'document') return sniffed;
  if (byName.bytes === 'ole') return sniffed.kind === 'ole' ? { kind: 'document', format: named } : { kind: 'unknown' };
  if (sniffed.kind === 'ole') return sniffed;
  const head = bytes.subarray(0, 4096);
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  return head.includes(0) && !(byName.bytes === 'text-or-utf16' && utf16) ? { kind: 'unknown' } : { kind: 'document', format: named };
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
      const format = ZIP_MIMETYPES.get(type);
      if (format) return { kind: 'document', format };
    }
  } catch {
    return { kind: 'unknown' };
  }
  // An HWPX whose writer compressed its mimetype still has its package file.
  const part = ZIP_PARTS.find(([name]) => names.includes(name));
  return part ? { kind: 'document', format: part[1] } : { kind: 'unknown' };
}
