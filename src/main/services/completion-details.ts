/**
 * What a completion row tells besides its path (issue 14): the git status marks, whether the file
 * would be refused as binary, and (documents-counts.ts) the slide or sheet count. Filled in for the
 * few matches returned, never for the whole index.
 */
import { constants, promises as fsp } from 'node:fs';
import path from 'node:path';
import type { CompletionItem } from '../../shared/api/contract';
import { documentFormatOfName } from '../../shared/documents';
import { isBinaryContent } from '../guards/binary';
import { readStatusMarks, type StatusMarks } from '../git/status-marks';
import { withUnitCounts } from './document-counts';

/** Bytes read from a file's start to judge it binary: what the file reference's own first check reads. */
const HEAD_BYTES = 8000;

/** True when the file at `root/rel` would be refused as binary. Documents are extracted, so never binary here. Never throws. */
export async function looksBinary(root: string, rel: string): Promise<boolean> {
  if (documentFormatOfName(rel)) return false;
  let handle: fsp.FileHandle | null = null;
  try {
    // No following a final symlink and no blocking on a FIFO: completion must never hang or leave the workspace.
    handle = await fsp.open(path.join(root, rel), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const stats = await handle.stat();
    if (!stats.isFile()) return false;
    const head = Buffer.alloc(Math.min(HEAD_BYTES, stats.size));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return isBinaryContent(rel, head.subarray(0, bytesRead));
  } catch {
    return false;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** How long a status read stays fresh for completion, and the most one read may take. */
const STATUS_FRESH_MS = 2000;
const STATUS_TIMEOUT_MS = 400;

/**
 * The status marks of one workspace, read at most every {@link STATUS_FRESH_MS}: typing a query
 * asks for rows at every keystroke, and the status a person sees need not be newer than that.
 * A stale value answers at once while a fresh one is read for the next keystroke.
 */
export function statusMarksCache(root: string): { current(): Promise<StatusMarks> } {
  const caches = new Map<string, unknown>();
  let value: { at: number; marks: StatusMarks } | null = null;
  let reading: Promise<StatusMarks> | null = null;
  // The reading is synchronous work (an lstat per tracked file): it starts on a later turn, so the
  // completion answer that found the value stale goes out first.
  const read = () =>
    (reading ??= new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => readStatusMarks(root, caches, STATUS_TIMEOUT_MS))
      .then((marks) => {
        value = { at: Date.now(), marks };
        reading = null;
        return marks;
      }));
  return {
    current() {
      if (value && Date.now() - value.at < STATUS_FRESH_MS) return Promise.resolve(value.marks);
      const pending = read();
      return value ? Promise.resolve(value.marks) : pending;
    },
  };
}

/** `items` with their git marks, binary verdicts and unit counts filled in. */
export async function withDetails(root: string, items: CompletionItem[], marks: StatusMarks): Promise<CompletionItem[]> {
  const counted = await withUnitCounts(root, items);
  return Promise.all(
    counted.map(async (item) => {
      if (item.type !== 'path') return item;
      const git = marks.of(item.path, item.kind);
      const binary = item.kind === 'file' && (await looksBinary(root, item.path));
      return { ...item, ...(git.length > 0 ? { git } : {}), ...(binary ? { binary } : {}) };
    }),
  );
}
