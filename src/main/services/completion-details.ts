/**
 * What a completion row tells besides its path (issue 14): the git status marks, whether the file
 * would be refused as binary, and (documents-counts.ts) the slide or sheet count. Filled in for the
 * few matches returned, never for the whole index.
 */
import type { CompletionItem } from '../../shared/api/contract';
import { documentFormatOfName } from '../../shared/documents';
import { isBinaryContent } from '../guards';
import type { GitMark } from '../../shared/api/contract';
import { LruMap } from '../../shared/lru';
import { withUnitCounts } from './document-counts';
import { peekFile } from './peek-file';

/** Bytes read from a file's start to judge it binary: what the file reference's own first check reads. */
const HEAD_BYTES = 8000;

/** True when the file at `root/rel` would be refused as binary. Documents are extracted, so never binary here. Never throws. */
export async function looksBinary(root: string, rel: string): Promise<boolean> {
  if (documentFormatOfName(rel)) return false;
  const head = await peekFile(root, rel, HEAD_BYTES, 'start');
  return head !== null && isBinaryContent(rel, head.bytes);
}

/**
 * The git status marks of workspace paths, in the order asked (see src/main/git/views/status-marks.ts).
 * Read where the workspace index lives (its worker thread): an `lstat` per tracked file is
 * synchronous work, on the order of the first `@diff`, that must not hold the thread serving the
 * window. A failure gives rows without marks.
 */
export type GitMarksOf = (items: Array<[string, 'file' | 'folder']>) => Promise<GitMark[][]>;

/** Files whose peeked details are kept per workspace at most. */
const DETAILS_KEPT = 2048;

/** What peeking at a file told: whether it is binary, and a deck's or workbook's unit count. */
type FileDetails = Pick<Extract<CompletionItem, { type: 'path' }>, 'binary' | 'units' | 'sheets'>;

/**
 * The details of one workspace's completion rows. A query runs at every keystroke and mostly
 * returns rows it returned a keystroke ago: a file's peeked details are kept by its path and size,
 * so only a new file, or one whose size changed, is read again. They are hints on a row (the
 * reference itself is judged again when it is attached), so a same-size edit that made a text file
 * binary shows on the row once the file's size changes or it leaves the cache.
 */
export function completionDetails(root: string, gitMarks: GitMarksOf): { fill(items: CompletionItem[]): Promise<CompletionItem[]> } {
  const kept = new LruMap<string, FileDetails>(DETAILS_KEPT);
  const keyOf = (item: Extract<CompletionItem, { type: 'path' }>) => (item.size === null ? null : `${item.path}\u0000${item.size}`);
  return {
    async fill(items) {
      const paths = items.filter((i): i is Extract<CompletionItem, { type: 'path' }> => i.type === 'path');
      const [marks, fresh] = await Promise.all([gitMarks(paths.map((i) => [i.path, i.kind])).catch(() => []), peekNew(items)]);
      const marksOf = new Map(paths.map((item, k) => [item, marks[k] ?? []]));
      return items.map((item) => {
        if (item.type !== 'path') return item;
        const git = marksOf.get(item) ?? [];
        const key = keyOf(item);
        const details = fresh.get(item.path) ?? (key === null ? undefined : kept.get(key)) ?? {};
        return { ...item, ...(details.units ? { units: details.units } : {}), ...(details.sheets ? { sheets: details.sheets } : {}), ...(details.binary ? { binary: true } : {}), ...(git.length > 0 ? { git } : {}) };
      });
    },
  };

  /** Peeks at the files among `items` that are not kept yet; keeps what it learns. */
  async function peekNew(items: CompletionItem[]): Promise<Map<string, FileDetails>> {
    const files = items.filter((i): i is Extract<CompletionItem, { type: 'path' }> => i.type === 'path' && i.kind === 'file');
    const unknown = files.filter((i) => {
      const key = keyOf(i);
      return key === null || kept.get(key) === undefined;
    });
    const counted = await withUnitCounts(root, unknown);
    const learnt = new Map<string, FileDetails>();
    await Promise.all(
      counted.map(async (item) => {
        if (item.type !== 'path') return;
        const details: FileDetails = { ...(item.units ? { units: item.units } : {}), ...(item.sheets ? { sheets: item.sheets } : {}), ...((await looksBinary(root, item.path)) ? { binary: true } : {}) };
        learnt.set(item.path, details);
        const key = keyOf(item);
        if (key !== null) kept.set(key, details);
      }),
    );
    return learnt;
  }
}
