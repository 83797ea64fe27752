/**
 * Slide, sheet and section counts of decks, workbooks and HWPX documents for completion, where they
 * are cheap: they are the number of slide, sheet or section parts in the zip directory, which sits
 * at the end of the file. Only that tail is read, and for a workbook its small `xl/workbook.xml`
 * part, for the sheets' names (no sheet is inflated); PDFs, Word files and OpenDocument files get
 * no count (theirs needs the document parsed). A CSV or TSV file up to 1 MiB gets its row count
 * after the header.
 */
import type { CompletionItem } from '../../shared/api/contract';
import { documentFormatOfName, isTableFile, unitOf, type DocumentFormat, type DocumentUnit } from '../../shared/documents';
import { inflateRawSync } from 'node:zlib';
import { countRows, decodeXml, readZipDirectory, type ZipEntry } from '../extraction';
import { peekFile, peekRange } from './peek-file';

/** Bytes read from the end of a file to find its zip directory. */
const TAIL_BYTES = 256 * 1024;

/** The zip parts that are one unit each (a slide, a sheet, a section), for the formats counted this way; the unit is the format's. */
const PARTS: Readonly<Partial<Record<DocumentFormat, RegExp>>> = {
  pptx: /^ppt\/slides\/slide\d+\.xml$/,
  xlsx: /^xl\/worksheets\/sheet\d+\.xml$/,
  hwpx: /^Contents\/section\d+\.xml$/,
};

/** Bytes of a table file read to count its rows; a larger one gets no count. */
const TABLE_BYTES = 1024 * 1024;
/** Bytes `xl/workbook.xml` may take, compressed and inflated: it lists sheets, not cells. */
const WORKBOOK_PART_BYTES = 1024 * 1024;

/** What completion learns cheaply of a document. */
interface CheapUnits {
  unit: DocumentUnit;
  count: number;
  sheets?: string[];
}

/** How many slides, sheets or rows the file at `root/rel` has (and a workbook's sheet names), or null when not cheap to tell. Never throws. */
export async function cheapUnitCount(root: string, rel: string): Promise<CheapUnits | null> {
  const format = documentFormatOfName(rel);
  if (format && isTableFile(format)) {
    const whole = await peekFile(root, rel, TABLE_BYTES + 1, 'start');
    return whole && whole.size <= TABLE_BYTES ? { unit: 'row', count: countRows(whole.bytes, format) } : null;
  }
  const part = format ? PARTS[format] : undefined;
  const unit = format ? unitOf(format) : null;
  if (!part || !unit) return null;
  const tail = await peekFile(root, rel, TAIL_BYTES, 'end');
  if (!tail) return null;
  try {
    const entries = readZipDirectory(tail.bytes, tail.offset);
    const count = entries.filter((e) => part.test(e.name)).length;
    const workbook = format === 'xlsx' ? entries.find((e) => e.name === 'xl/workbook.xml') : undefined;
    const sheets = workbook ? await sheetNames(root, rel, workbook) : null;
    return { unit, count, ...(sheets ? { sheets } : {}) };
  } catch {
    return null;
  }
}

/** The sheet names `xl/workbook.xml` lists, read from the file at the entry's offset; null when not cheap. */
async function sheetNames(root: string, rel: string, entry: ZipEntry): Promise<string[] | null> {
  if (entry.compressedSize > WORKBOOK_PART_BYTES || entry.size > WORKBOOK_PART_BYTES || (entry.method !== 0 && entry.method !== 8)) return null;
  const read = await peekRange(root, rel, entry.offset, 30 + 1024 + entry.compressedSize);
  if (!read || read.length < 30 || read.readUInt32LE(0) !== 0x04034b50) return null;
  const start = 30 + read.readUInt16LE(26) + read.readUInt16LE(28);
  const data = read.subarray(start, start + entry.compressedSize);
  const xml = (entry.method === 0 ? data : inflateRawSync(data, { maxOutputLength: WORKBOOK_PART_BYTES })).toString('utf8');
  return Array.from(xml.matchAll(/<sheet\b[^>]*\sname="([^"]*)"/g), (m) => decodeXml(m[1]!));
}

/** Documents among completion results counted at most, so a list of many decks stays quick. */
const MAX_COUNTED = 20;

/** `items` with the slide or sheet count of the first decks and workbooks among them filled in. */
export async function withUnitCounts(root: string, items: CompletionItem[]): Promise<CompletionItem[]> {
  let counted = 0;
  return Promise.all(
    items.map(async (item) => {
      if (item.type !== 'path' || item.kind !== 'file' || !documentFormatOfName(item.path) || counted >= MAX_COUNTED) return item;
      counted += 1;
      const units = await cheapUnitCount(root, item.path);
      if (!units) return item;
      const { sheets, ...unitCount } = units;
      return { ...item, units: unitCount, ...(sheets ? { sheets } : {}) };
    }),
  );
}
