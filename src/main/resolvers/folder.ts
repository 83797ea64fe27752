/**
 * `@folder:PATH` (docs/contract.md "References"): a listing of a workspace folder, not file contents.
 *
 * Format (one entry a line, paths relative to the listed folder, folders with a trailing `/`):
 * ```
 * src/
 * - index.ts (1.2 KiB, 40 lines)
 * - lib/
 * - logo.png (3.4 KiB, binary)
 * - paper.pdf (120 KiB, PDF)
 * - lib/util.ts (300 B, 12 lines)
 * - big.log (2.3 MiB)
 * - ...
 * ```
 * Breadth-first and sorted within each folder (see `fs/folder-walk.ts`). Files larger than 1 MiB
 * show their size only. Symbolic links show `(link)` and are not followed. After
 * `limits.maxFolderEntries` entries the listing ends with `- ...`. The walk has a deadline of
 * `limits.folderTimeoutMs`; past it the reference `failed`. Only folders inside the workspace can be
 * listed (grants are for single files).
 */
import { documentFormatOfName, shortFormatLabel } from '../../shared/documents';
import { refuse, type Resolution, type ResolveContext, type Resolver, statIdentity, timeBucket } from '../resolve';
import { openChecked } from '../guards';
import { walkFolder, type FolderEntry } from './fs/folder-walk';
import { locate, refuseProblem } from './fs/locate';
import { formatBytes } from '../../shared/format-bytes';
import { folderTimeoutMessage, folderTooLargeMessage, problemMessage } from './fs/messages';

/** How long a folder listing may be reused while typing. */
export const FOLDER_REUSE_MS = 2000;

/** The `@folder` resolver. */
export const folderResolver: Resolver = {
  kind: 'folder',
  /**
   * A listing depends on every entry below the folder, which no single stat shows: reuse it while
   * typing for at most {@link FOLDER_REUSE_MS}, or sooner when the folder's own entries change.
   */
  async identity(ref, ctx) {
    const located = await locate(ref.value, 'folder', ctx);
    if (!located.ok) return null;
    return `${located.realPath}|${await statIdentity(located.realPath)}|${timeBucket(ctx.now(), FOLDER_REUSE_MS)}`;
  },
  async resolve(ref, ctx) {
    if (ref.malformed) return refuse('malformed', ref.malformed, ref.value);
    const located = await locate(ref.value, 'folder', ctx);
    if (!located.ok) return located;
    const subject = { kind: 'folder', shown: located.shown } as const;
    if (located.via !== 'workspace') return refuseProblem({ code: 'blocked', reason: 'outside' }, subject, ref.value);
    // Open, then check what was opened: it must be a folder, and still inside and unprotected.
    const opened = await openChecked(located.realPath, located.policy, ctx.signal, { requireDirectory: true });
    if (!opened.ok) return refuseProblem(opened, subject, ref.value);
    await opened.handle.close().catch(() => undefined);
    return list(ref.value, opened.realPath, located.shown, located.policy, ctx);
  },
};

/** Walks under a deadline and renders the listing. */
async function list(
  value: string,
  realPath: string,
  shown: string,
  policy: Parameters<typeof walkFolder>[0]['policy'],
  ctx: ResolveContext,
): Promise<Resolution> {
  const deadline = AbortSignal.timeout(ctx.limits.folderTimeoutMs);
  const signal = AbortSignal.any([ctx.signal, deadline]);
  const walk = await walkFolder({ folder: realPath, policy, maxEntries: ctx.limits.maxFolderEntries, signal, details: ctx.caches.folderFiles });
  const subject = { kind: 'folder', shown } as const;
  if (!walk.ok) {
    if (walk.reason === 'aborted' && !ctx.signal.aborted) {
      return refuse('failed', folderTimeoutMessage(shown, ctx.limits.folderTimeoutMs), value);
    }
    const problem = walk.reason === 'aborted' ? ({ code: 'failed', reason: 'aborted' } as const) : ({ code: 'failed', reason: 'io_error', detail: walk.detail } as const);
    return refuse('failed', problemMessage(problem, subject), value);
  }
  const text = renderListing(shown, walk.entries, walk.truncated);
  const bytes = Buffer.byteLength(text);
  if (bytes > ctx.limits.maxReferenceBytes) {
    return refuse('too_large', folderTooLargeMessage(shown, bytes, ctx.limits.maxReferenceBytes), value);
  }
  const count = walk.truncated ? `first ${walk.entries.length} entries` : `${walk.entries.length} ${walk.entries.length === 1 ? 'entry' : 'entries'}`;
  return {
    ok: true,
    text,
    description: `folder ${folderLabel(shown)} (${count})`,
    target: shown,
    language: '',
    source: { realPath, readAt: ctx.now().toISOString() },
  };
}

/** `src` -> `src/`, `.` -> `./`. */
function folderLabel(shown: string): string {
  return shown.endsWith('/') ? shown : `${shown}/`;
}

/** One line of the listing. */
export function renderEntry(entry: FolderEntry): string {
  switch (entry.type) {
    case 'folder':
      return `- ${entry.rel}/`;
    case 'symlink':
      return `- ${entry.rel} (link)`;
    case 'other':
      return `- ${entry.rel} (special file)`;
    case 'file': {
      if (entry.size === undefined) return `- ${entry.rel}`;
      const details = [formatBytes(entry.size)];
      // Documents are attachable as text: name their format rather than calling them binary.
      const document = documentFormatOfName(entry.rel);
      if (document) details.push(shortFormatLabel(document));
      else if (entry.binary) details.push('binary');
      else if (entry.lines !== undefined) details.push(`${entry.lines} ${entry.lines === 1 ? 'line' : 'lines'}`);
      return `- ${entry.rel} (${details.join(', ')})`;
    }
  }
}

/** The whole listing: a header line with the folder, the entries, and `- ...` when cut short. */
export function renderListing(shown: string, entries: readonly FolderEntry[], truncated: boolean): string {
  const lines = [folderLabel(shown), ...entries.map(renderEntry)];
  if (entries.length === 0) lines.push('(empty folder)');
  if (truncated) lines.push('- ...');
  return `${lines.join('\n')}\n`;
}
