/**
 * Slide, sheet and section counts of decks, workbooks and HWPX documents for completion, where they
 * are cheap: they are the number of slide, sheet or section parts in the zip directory, which sits at the end of the file. Only that
 * tail is read (no entry is inflated); PDFs, Word files and OpenDocument files get no count (theirs
 * needs the document parsed).
 */
import type { CompletionItem } from '../../shared/api/contract';
import { documentFormatOfName, type DocumentUnit } from '../../shared/documents';
import { readZipDirectory } from '../extraction/zip';
import { peekFile } from './peek-file';

/** Bytes read from the end of a file to find its zip directory. */
const TAIL_BYTES = 256 * 1024;

const PARTS: Readonly<Partial<Record<string, { unit: DocumentUnit; part: RegExp }>>> = {
  pptx: { unit: 'slide', part: /^ppt\/slides\/slide\d+\.xml$/ },
  xlsx: { unit: 'sheet', part: /^xl\/worksheets\/sheet\d+\.xml$/ },
  hwpx: { unit: 'section', part: /^Contents\/section\d+\.xml$/ },
};

/** How many slides or sheets the file at `root/rel` has, or null when not cheap to tell. Never throws. */
export async function cheapUnitCount(root: string, rel: string): Promise<{ unit: DocumentUnit; count: number } | null> {
  const format = documentFormatOfName(rel);
  const parts = format ? PARTS[format] : undefined;
  if (!parts) return null;
  const tail = await peekFile(root, rel, TAIL_BYTES, 'end');
  if (!tail) return null;
  try {
    const names = readZipDirectory(tail.bytes, tail.offset).map((e) => e.name);
    return { unit: parts.unit, count: names.filter((n) => parts.part.test(n)).length };
  } catch {
    return null;
  }
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
      return units ? { ...item, units } : item;
    }),
  );
}
