/**
 * HWP 5 (the binary Hangul document) to Markdown. The file is an OLE compound file, opened with
 * `cfb`; its `FileHeader` stream says whether the document is HWP at all, compressed, password
 * protected or a distribution document (배포용, whose text is locked by its author: refused with its
 * own sentence). `DocInfo` gives the paragraph shapes and styles (for headings and lists), and each
 * `BodyText/SectionN` stream, raw deflate when compressed, is a list of tagged records: paragraph
 * headers, their UTF-16 text, and controls such as tables whose cells hold paragraphs in turn.
 *
 * Every stream is inflated through one shared byte budget, each inflate capped at what is left
 * of it, so a deflate bomb stops where the budget ends; record walks are bounded by the bytes.
 */
import { inflateRawSync } from 'node:zlib';
import CFB from 'cfb';
import { DocumentProblem } from './document-problem';
import { gridOf, headingOf, headingOfStyleName, MAX_NESTING, sectionMarkdown, type HwpBlock, type HwpHeading } from './hwp-blocks';
import { extractorName } from './packages';
import { PartCollector, type ProgressListener } from './part-collector';
import type { DocumentJob, DocumentOutput } from './protocol';

/** The FileHeader stream starts with this signature, padded to 32 bytes. */
export const HWP_SIGNATURE = 'HWP Document File';

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** FileHeader property bits (HWP 5.0 format, "파일 인식 정보"). */
const COMPRESSED = 1 << 0;
const PASSWORD = 1 << 1;
const DISTRIBUTION = 1 << 2;
const DRM = 1 << 4;

/** Record tags ("HWPTAG_BEGIN" is 16). */
const TAG = {
  paraShape: 16 + 9,
  style: 16 + 10,
  paraHeader: 16 + 50,
  paraText: 16 + 51,
  ctrlHeader: 16 + 55,
  listHeader: 16 + 56,
  table: 16 + 61,
} as const;

/** A control's id as stored (four characters, the first in the highest byte): a table is 'tbl '. */
const TABLE_CONTROL = 0x74626c20;
/** 'gso ': a drawing object (a text box, a shape, a picture). */
const DRAWING_CONTROL = 0x67736f20;

/** One tagged record of a stream. */
interface HwpRecord {
  tag: number;
  level: number;
  data: Uint8Array;
}

/** Splits a stream into records; a header that runs past the end makes the document damaged. */
export function readRecords(bytes: Uint8Array, stream: string): HwpRecord[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: HwpRecord[] = [];
  let at = 0;
  // Each turn consumes at least four bytes: the walk is bounded by the stream's length.
  while (at + 4 <= bytes.length) {
    const head = view.getUint32(at, true);
    at += 4;
    let size = head >>> 20;
    if (size === 0xfff) {
      if (at + 4 > bytes.length) throw new DocumentProblem('damaged', `${stream}: truncated record`);
      size = view.getUint32(at, true);
      at += 4;
    }
    if (at + size > bytes.length) throw new DocumentProblem('damaged', `${stream}: record runs past the end`);
    records.push({ tag: head & 0x3ff, level: (head >>> 10) & 0x3ff, data: bytes.subarray(at, at + size) });
    at += size;
  }
  return records;
}

/** Characters 0–31 that stand for an 8-unit control (its id and parameters follow it in the text). */
const WIDE_CONTROLS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);

/** A paragraph's text from its PARA_TEXT record (UTF-16LE with inline controls). */
export function paragraphText(data: Uint8Array): string {
  const count = data.length >> 1;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const units: number[] = [];
  for (let i = 0; i < count; i++) {
    const c = view.getUint16(i * 2, true);
    if (c >= 32) units.push(c);
    else if (WIDE_CONTROLS.has(c)) {
      if (c === 9) units.push(9);
      i += 7;
    } else if (c === 10) units.push(10);
    else if (c === 24 || c === 30) units.push(0x2d);
    else if (c === 31) units.push(0x20);
  }
  // Decoded as a whole so surrogate pairs join; a lone half (a damaged file) becomes U+FFFD.
  return UTF16.decode(new Uint16Array(units));
}

const UTF16 = new TextDecoder('utf-16le');

/** The stream at `path` under the root (`BodyText/Section0`), matched as OLE does, ignoring case; null when absent. */
function streamOf(container: CFB.CFB$Container, path: string): Uint8Array | null {
  const wanted = `/${path}`.toLowerCase();
  const at = container.FullPaths.findIndex((p, i) => container.FileIndex[i]?.type === 2 && p.slice(p.indexOf('/')).toLowerCase() === wanted);
  return at < 0 ? null : (container.FileIndex[at]!.content as Uint8Array);
}

/** Reads streams of one container within one inflate budget. */
class Streams {
  private inflated = 0;

  constructor(
    private readonly container: CFB.CFB$Container,
    private readonly compressed: boolean,
    private readonly budget: number,
  ) {}

  /** The stream's bytes, inflated when the document is compressed; null when there is no such stream. */
  read(path: string): Uint8Array | null {
    const raw = streamOf(this.container, path);
    if (!raw) return null;
    if (!this.compressed) return raw;
    const cap = this.budget - this.inflated;
    let out: Uint8Array;
    try {
      out = inflateRawSync(raw, { maxOutputLength: Math.max(cap, 1) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new DocumentProblem('bomb', `${path} inflates past ${cap} bytes`);
      throw new DocumentProblem('damaged', `${path}: ${(err as Error).message}`);
    }
    this.inflated += out.length;
    return out;
  }
}

/** Paragraph shapes' and styles' heading types, in id order, from DocInfo. */
interface DocInfo {
  shapes: HwpHeading[];
  styles: HwpHeading[];
}

const HEADING_TYPES: readonly HwpHeading['type'][] = ['none', 'outline', 'number', 'bullet'];

function utf16(data: Uint8Array, at: number): { text: string; next: number } {
  if (at + 2 > data.length) return { text: '', next: data.length };
  const length = data[at]! | (data[at + 1]! << 8);
  const end = Math.min(at + 2 + length * 2, data.length);
  return { text: Buffer.from(data.subarray(at + 2, end)).toString('utf16le'), next: end };
}

function readDocInfo(bytes: Uint8Array | null): DocInfo {
  const info: DocInfo = { shapes: [], styles: [] };
  if (!bytes) return info;
  for (const record of readRecords(bytes, 'DocInfo')) {
    if (record.tag === TAG.paraShape && record.data.length >= 4) {
      const props = new DataView(record.data.buffer, record.data.byteOffset, 4).getUint32(0, true);
      info.shapes.push({ type: HEADING_TYPES[(props >>> 23) & 3]!, level: (props >>> 25) & 7 });
    } else if (record.tag === TAG.style) {
      const name = utf16(record.data, 0);
      const engName = utf16(record.data, name.next);
      info.styles.push(headingOfStyleName(name.text, engName.text));
    }
  }
  return info;
}

/** Reads a section's records into blocks: paragraphs in order, each followed by the tables it anchors. */
class SectionReader {
  readonly blocks: HwpBlock[] = [];

  constructor(private readonly info: DocInfo) {}

  /** The paragraphs among `records[from, to)` at `level`, each with its sub-records. */
  paragraphs(records: readonly HwpRecord[], from: number, to: number, level: number, depth: number): void {
    for (let i = from; i < to; i++) {
      const r = records[i]!;
      if (r.tag !== TAG.paraHeader || r.level !== level) continue;
      let end = i + 1;
      while (end < to && records[end]!.level > level) end++;
      this.paragraph(records, i, end, depth);
      i = end - 1;
    }
  }

  private paragraph(records: readonly HwpRecord[], at: number, end: number, depth: number): void {
    const head = records[at]!;
    const level = head.level;
    const shapeId = head.data.length >= 10 ? head.data[8]! | (head.data[9]! << 8) : -1;
    const styleId = head.data.length >= 11 ? head.data[10]! : -1;
    let text = '';
    // Tables and drawing objects (text boxes) this paragraph anchors, read after its own text.
    const held: { control: number; from: number; to: number }[] = [];
    for (let i = at + 1; i < end; i++) {
      const r = records[i]!;
      if (r.level !== level + 1) continue;
      if (r.tag === TAG.paraText) text += paragraphText(r.data);
      else if (r.tag === TAG.ctrlHeader && r.data.length >= 4) {
        const control = new DataView(r.data.buffer, r.data.byteOffset, 4).getUint32(0, true);
        let ctrlEnd = i + 1;
        while (ctrlEnd < end && records[ctrlEnd]!.level > level + 1) ctrlEnd++;
        // Headers, footers, notes and fields are controls too: not the body's text.
        if (control === TABLE_CONTROL || control === DRAWING_CONTROL) held.push({ control, from: i + 1, to: ctrlEnd });
        i = ctrlEnd - 1;
      }
    }
    this.blocks.push({ kind: 'text', text, heading: headingOf(this.info.shapes[shapeId], this.info.styles[styleId]) });
    for (const { control, from, to } of held) {
      if (control === TABLE_CONTROL) this.blocks.push({ kind: 'table', rows: this.table(records, from, to, level + 2, depth) });
      else if (depth < MAX_NESTING) this.textLists(records, from, to, depth);
    }
  }

  /**
   * The text of a drawing object: each LIST_HEADER in its records (a caption, a text box's text)
   * starts paragraphs at its own level, up to the next list or the end of the object.
   */
  private textLists(records: readonly HwpRecord[], from: number, to: number, depth: number): void {
    for (let i = from; i < to; i++) {
      const list = records[i]!;
      if (list.tag !== TAG.listHeader) continue;
      let end = i + 1;
      while (end < to && records[end]!.level >= list.level && !(records[end]!.level === list.level && records[end]!.tag === TAG.listHeader)) end++;
      this.paragraphs(records, i + 1, end, list.level, depth + 1);
      i = end - 1;
    }
  }

  /** A table control's records: TABLE (rows, columns), then per cell a LIST_HEADER (its address) and its paragraphs. */
  private table(records: readonly HwpRecord[], from: number, to: number, level: number, depth: number): string[][] {
    let rowCount = 0;
    let colCount = 0;
    const cells: { row: number; col: number; text: string }[] = [];
    let i = from;
    while (i < to) {
      const r = records[i]!;
      if (r.level === level && r.tag === TAG.table && r.data.length >= 8) {
        rowCount = r.data[4]! | (r.data[5]! << 8);
        colCount = r.data[6]! | (r.data[7]! << 8);
        i++;
      } else if (r.level === level && r.tag === TAG.listHeader) {
        let next = i + 1;
        while (next < to && !(records[next]!.level === level && records[next]!.tag === TAG.listHeader)) next++;
        const d = r.data;
        const col = d.length >= 12 ? d[8]! | (d[9]! << 8) : 0;
        const row = d.length >= 12 ? d[10]! | (d[11]! << 8) : cells.length;
        cells.push({ row, col, text: this.cellText(records, i + 1, next, level, depth) });
        i = next;
      } else i++;
    }
    return gridOf(cells, rowCount, colCount);
  }

  /** A cell's paragraphs on one line; a table inside it is read as its cells' text. */
  private cellText(records: readonly HwpRecord[], from: number, to: number, level: number, depth: number): string {
    if (depth >= MAX_NESTING) return '';
    const inner = new SectionReader(this.info);
    inner.paragraphs(records, from, to, level, depth + 1);
    return inner.blocks
      .map((b) => (b.kind === 'text' ? b.text : b.rows.map((row) => row.join(' ')).join(' ')))
      .map((t) => t.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join(' ');
  }
}

/** The FileHeader's properties, after checking its signature; throws for what cannot be read. */
function readFileHeader(container: CFB.CFB$Container): number {
  const bytes = streamOf(container, 'FileHeader');
  if (!bytes || bytes.length < 40 || Buffer.from(bytes.subarray(0, HWP_SIGNATURE.length)).toString('latin1') !== HWP_SIGNATURE) {
    throw new DocumentProblem('damaged', 'no HWP FileHeader');
  }
  const props = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(36, true);
  if (props & DISTRIBUTION) throw new DocumentProblem('distribution', 'HWP distribution document');
  if (props & (PASSWORD | DRM)) throw new DocumentProblem('encrypted', 'password-protected HWP');
  return props;
}

/** Extracts an HWP 5 document, section by section. */
export async function extractHwp(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  if (Buffer.from(job.bytes.subarray(0, HWP_SIGNATURE.length)).toString('latin1') === HWP_SIGNATURE) throw new DocumentProblem('unsupported', 'HWP 3 or older');
  // cfb also reads zip files with its own inflate: only an OLE container may reach it.
  if (!OLE_MAGIC.every((b, i) => job.bytes[i] === b)) throw new DocumentProblem('damaged', 'not an OLE container');
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), { type: 'buffer' });
  } catch (err) {
    throw new DocumentProblem('damaged', `OLE container: ${(err as Error).message}`);
  }
  const props = readFileHeader(container);
  const streams = new Streams(container, (props & COMPRESSED) !== 0, job.maxInflatedBytes);
  const sections = container.FullPaths.map((p) => /^[^/]*\/BodyText\/Section(\d+)$/i.exec(p)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  if (sections.length === 0) throw new DocumentProblem('damaged', 'no BodyText sections');
  const info = readDocInfo(streams.read('DocInfo'));
  const collector = new PartCollector(job.range, job.maxTextBytes, 'section', onProgress);
  collector.expect(sections.length);
  for (let index = job.range?.start ?? 1; index <= sections.length && collector.more(index); index++) {
    const name = `BodyText/Section${sections[index - 1]}`;
    const records = readRecords(streams.read(name) ?? new Uint8Array(), name);
    const reader = new SectionReader(info);
    reader.paragraphs(records, 0, records.length, 0, 0);
    if (!collector.add(index, '', sectionMarkdown(reader.blocks))) break;
  }
  return { kind: 'document', format: 'hwp', extractor: `atmark-hwp 1 (${extractorName('cfb')})`, unit: 'section', unitCount: sections.length, parts: collector.parts, stoppedAt: collector.stoppedAt, notices: [] };
}
