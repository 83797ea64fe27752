/**
 * Hard links to protected files (issue 11, row 1). A hard link is a second name for the same file:
 * `notes.txt` inside the workspace can be `~/.aws/credentials` itself, and no name or real-path
 * check can tell, because there is no link to follow. What does tell is the file's identity, its
 * device and inode. So a regular file with more than one link is compared, before any byte of it
 * is read, with the identities of the protected files of the home folder and of the workspace.
 *
 * What a hard link can and cannot do here (also in docs/decisions.md):
 * - It cannot cross file systems, and it cannot name a folder, so it only ever aliases one file on
 *   the same device as the workspace.
 * - A link to a protected file that this guard knows (the home folder's credential files and
 *   folders, Atmark's settings, the workspace's own `.env` files and key folders) is refused like
 *   the protected path itself.
 * - A link to any other file outside the workspace cannot be told from a file of the workspace:
 *   nothing records the other names of an inode. Whoever can make such a link can already read the
 *   file. The citation records the link count, so the record shows the file had other names.
 *
 * The protected identities are gathered by a bounded walk (at most {@link MAX_PROTECTED_FILES}
 * files; the home folder's known locations, then the workspace) and kept for
 * {@link IDENTITY_REUSE_MS}, so only files with several links pay for it, once per few seconds.
 */
import { promises as fsp, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { homeProtectedLocations, isProtectedPath, isProtectedRelativePath } from './protected-paths';

/** Files gathered per walk at most; the rest of a huge tree is not looked at. Default 50,000. */
export const MAX_PROTECTED_FILES = 50_000;
/** Entries looked at per walk at most (a large workspace has few protected files among many). */
export const MAX_WALK_ENTRIES = 200_000;
/** How long gathered identities are reused before the folders are walked again. Default 5 s. */
export const IDENTITY_REUSE_MS = 5000;

/** A protected file's identity, and the rule that protects it. */
export interface ProtectedTwin {
  path: string;
  rule: string;
  reason: string;
}

/** Where to look: the home folder, the workspace, and more folders to protect whole. */
export interface LinkScope {
  home: string;
  workspaceRoot: string;
  appDirs?: readonly string[];
}

/** Identities gathered for one scope, reused for a few seconds. Keep one per engine. */
export class LinkIdentityCache {
  private entry: { key: string; at: number; ids: Promise<Map<string, ProtectedTwin>> } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The identities for `scope`, walking again when the last walk is older than the reuse time. */
  identities(scope: LinkScope): Promise<Map<string, ProtectedTwin>> {
    const key = JSON.stringify([scope.home, scope.workspaceRoot, scope.appDirs ?? []]);
    const at = this.now();
    if (this.entry && this.entry.key === key && at - this.entry.at < IDENTITY_REUSE_MS) return this.entry.ids;
    const ids = gatherProtectedIdentities(scope);
    this.entry = { key, at, ids };
    return ids;
  }
}

const idOf = (st: { dev: number | bigint; ino: number | bigint }): string => `${st.dev}:${st.ino}`;

/** A bounded walk that records regular files. Symlinked folders are not entered. */
class Gatherer {
  readonly ids = new Map<string, ProtectedTwin>();
  private seen = 0;

  get full(): boolean {
    return this.ids.size >= MAX_PROTECTED_FILES || this.seen >= MAX_WALK_ENTRIES;
  }

  /** Records `file` (following a symlink to a file) as protected by `twin`'s rule. */
  async addFile(file: string, rule: { rule: string; reason: string }): Promise<void> {
    let st: Stats;
    try {
      st = await fsp.stat(file);
    } catch {
      return;
    }
    if (st.isFile() && !this.ids.has(idOf(st))) this.ids.set(idOf(st), { path: file, ...rule });
  }

  /** Records every file under `dir` (or `dir` itself when it is a file) with `rule`. */
  async addTree(dir: string, rule: { rule: string; reason: string }, depth = 0): Promise<void> {
    if (this.full || depth > 12) return;
    let entries: Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') await this.addFile(dir, rule);
      return;
    }
    for (const e of entries) {
      if (this.full) return;
      this.seen++;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await this.addTree(full, rule, depth + 1);
      else if (e.isFile() || e.isSymbolicLink()) await this.addFile(full, rule);
    }
  }

  /**
   * Walks the workspace and records the files whose workspace-relative path is protected (a `.env`,
   * anything under a `.ssh` or `.aws` copied in). `.git` and `node_modules` hold no such files of the
   * person's own and are skipped, so a large workspace costs a walk of its sources only.
   */
  async addProtectedUnder(root: string, rel = '', depth = 0): Promise<void> {
    if (this.full || depth > 32) return;
    let entries: Dirent[];
    try {
      entries = await fsp.readdir(path.join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (this.full) return;
      this.seen++;
      const childRel = rel === '' ? e.name : `${rel}/${e.name}`;
      const verdict = isProtectedRelativePath(childRel);
      if (verdict.protected) await this.addTree(path.join(root, childRel), { rule: verdict.rule, reason: verdict.reason });
      else if (e.isDirectory() && e.name !== '.git' && e.name !== 'node_modules') await this.addProtectedUnder(root, childRel, depth + 1);
    }
  }
}

/**
 * Walks the protected locations of the home folder (every location the protected list names, and
 * the home folder's own entries that it protects, such as `~/.env`), Atmark's settings folders, and
 * the workspace's protected files, and returns their identities (`dev:ino`).
 */
export async function gatherProtectedIdentities(scope: LinkScope): Promise<Map<string, ProtectedTwin>> {
  const g = new Gatherer();
  const judge = (p: string) => isProtectedPath(p, { home: scope.home, appDirs: scope.appDirs });
  for (const location of [...homeProtectedLocations(scope.home), ...(scope.appDirs ?? [])]) {
    const verdict = judge(location);
    if (verdict.protected) await g.addTree(location, verdict);
  }
  let homeEntries: Dirent[] = [];
  try {
    homeEntries = await fsp.readdir(scope.home, { withFileTypes: true });
  } catch {
    // No home folder (a test, a service account): only the workspace is looked at.
  }
  for (const e of homeEntries) {
    const full = path.join(scope.home, e.name);
    const verdict = judge(full);
    if (verdict.protected) await g.addTree(full, verdict);
  }
  await g.addProtectedUnder(scope.workspaceRoot);
  return g.ids;
}

/**
 * The protected file that an open file with several links is, or null. `stats` is the `fstat` of
 * the open descriptor, so the answer is about what was opened, not a name.
 */
export async function protectedTwinOf(
  stats: Stats,
  scope: LinkScope,
  cache: LinkIdentityCache = new LinkIdentityCache(),
): Promise<ProtectedTwin | null> {
  if (!stats.isFile() || stats.nlink <= 1) return null;
  const ids = await cache.identities(scope);
  return ids.get(idOf(stats)) ?? null;
}
