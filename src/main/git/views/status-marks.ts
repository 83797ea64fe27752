/**
 * The git status of workspace paths, for the marks on completion rows (issue 14): modified (the
 * working tree differs from the index, as `git diff` shows), staged (the index differs from HEAD, as
 * `git diff --staged` shows) and untracked (a file git does not know; ignored files never reach the
 * workspace index, so they are never asked about). A folder carries the marks of what changed
 * inside it, as editors' file trees do; it is never untracked as a whole.
 *
 * Read with the same read-only reader as `@diff` and `@staged`, under its own short deadline: the
 * marks are a hint, so a slow or broken repository gives no marks rather than a slow list. Kept
 * fresh for typing by {@link statusMarksCache}, which the workspace index's worker thread holds.
 */
import path from 'node:path';
import type { GitMark } from '../../../shared/api/contract';
import { createDeadline, loadIndex, openSession, locateRepository, readHead } from '../storage';
import { readStaged, readUnstaged } from './git-views';
import { workspacePrefix } from './workspace-scope';

/** The status of one workspace's paths at one moment. */
export interface StatusMarks {
  /** The marks of `rel` (workspace-relative, `/` separators), in the order modified, staged, untracked. */
  of(rel: string, kind: 'file' | 'folder'): GitMark[];
}

/** Marks for a folder that is not a repository, or whose repository could not be read in time. */
export const NO_MARKS: StatusMarks = { of: () => [] };

/**
 * Reads the status of `workspaceRoot`'s repository. `caches` keeps the reader's sessions (parsed
 * index, pack indexes) between calls; `timeoutMs` bounds the work. Never throws.
 */
export async function readStatusMarks(workspaceRoot: string, caches: Map<string, unknown>, timeoutMs: number, signal: AbortSignal = new AbortController().signal): Promise<StatusMarks> {
  try {
    const located = locateRepository(workspaceRoot);
    if (!located.ok) return NO_MARKS;
    const deadline = createDeadline(signal, timeoutMs);
    const session = openSession(caches, located.repo);
    const loaded = loadIndex(session);
    if (!loaded.ok) return NO_MARKS;
    const unstaged = await readUnstaged(session, deadline);
    const staged = await readStaged(session, readHead(located.repo), deadline);
    const prefix = workspacePrefix(located.repo.worktree, path.resolve(workspaceRoot));
    const toRel = (repoPath: string): string | null => (prefix === '' ? repoPath : repoPath.startsWith(`${prefix}/`) ? repoPath.slice(prefix.length + 1) : null);
    const files = new Map<string, Set<GitMark>>();
    const folders = new Map<string, Set<GitMark>>();
    const mark = (repoPath: string, what: GitMark) => {
      const rel = toRel(repoPath);
      if (rel === null) return;
      add(files, rel, what);
      // Every folder above the file, up to the workspace root, shows that something inside changed.
      for (let slash = rel.lastIndexOf('/'); slash > 0; slash = rel.lastIndexOf('/', slash - 1)) add(folders, rel.slice(0, slash), what);
    };
    if (unstaged.ok) for (const c of unstaged.set.changes) mark(c.path, 'modified');
    if (unstaged.ok) for (const p of unstaged.set.unmerged) mark(p, 'modified');
    if (staged.ok) for (const c of staged.set.changes) mark(c.path, 'staged');
    const tracked = new Set<string>();
    for (const entry of loaded.index.entries) {
      const rel = toRel(entry.path);
      if (rel !== null) tracked.add(rel);
    }
    return {
      of(rel, kind) {
        const found = (kind === 'file' ? files : folders).get(rel);
        const marks = ORDER.filter((m) => found?.has(m));
        if (kind === 'file' && !tracked.has(rel)) marks.push('untracked');
        return marks;
      },
    };
  } catch {
    return NO_MARKS;
  }
}

const ORDER: readonly GitMark[] = ['modified', 'staged'];

function add(map: Map<string, Set<GitMark>>, key: string, what: GitMark): void {
  const set = map.get(key);
  if (set) set.add(what);
  else map.set(key, new Set([what]));
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
  // answer that found the value stale goes out first.
  const read = () =>
    (reading ??= new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => readStatusMarks(root, caches, STATUS_TIMEOUT_MS))
      .then((marks) => {
        value = { at: Date.now(), marks };
        return marks;
      })
      // Whatever happened, the next question may read again.
      .finally(() => {
        reading = null;
      }));
  return {
    current() {
      if (value && Date.now() - value.at < STATUS_FRESH_MS) return Promise.resolve(value.marks);
      const pending = read();
      return value ? Promise.resolve(value.marks) : pending;
    },
  };
}
