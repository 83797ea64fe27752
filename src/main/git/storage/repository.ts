/**
 * Finding the git repository that holds a workspace, the way git does: walk up from the folder until
 * a `.git` directory, or a `.git` file pointing at a git directory (linked worktrees, submodules), is
 * found. Read-only: only `stat` and `readdir`, and reads through `safe-open.ts` (no FIFO, socket or
 * device is ever read, so nothing here can block).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Text } from '../../../shared/i18n/text';
import { MAX_PACKED_REFS_BYTES, UnsafeGitFile, readGitText } from './safe-open';

/** Where a repository's parts live. */
export interface RepositoryLocation {
  /** The top folder of the working tree (what paths in diffs are relative to). */
  worktree: string;
  /** The git directory of this working tree: holds `HEAD` and `index`. */
  gitdir: string;
  /** The shared git directory: objects, refs, config, packs (differs from `gitdir` in linked worktrees). */
  commondir: string;
}

/** Why a repository could not be used, as a value (STYLE: expected failures are not throws). */
export type LocateResult =
  | { ok: true; repo: RepositoryLocation }
  | { ok: false; reason: 'not_a_repository' | 'unsupported' | 'unsafe'; message: string; text?: Text };

/**
 * Finds the repository containing `startDir` (a real path), walking up to the file-system root.
 * A bare repository or a `.git` that is neither a folder nor a valid pointer file is skipped, as git
 * would fail on it; SHA-256 repositories are reported `unsupported` (isomorphic-git reads SHA-1 only).
 */
export function locateRepository(startDir: string): LocateResult {
  try {
    return walkUp(startDir);
  } catch (err) {
    // A `.git` file, `commondir` or `config` that is a FIFO or a device: refused with its sentence.
    if (err instanceof UnsafeGitFile) return { ok: false, reason: 'unsafe', message: err.message, text: err.text };
    throw err;
  }
}

function walkUp(startDir: string): LocateResult {
  let dir = path.resolve(startDir);
  for (;;) {
    const gitdir = gitdirAt(dir);
    if (gitdir) return checked({ worktree: dir, gitdir, commondir: commondirOf(gitdir) });
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return {
    ok: false,
    reason: 'not_a_repository',
    message: `not a git repository: ${startDir} (nor any of its parent folders); open a folder inside a git repository`,
  };
}

/** The git directory `dir/.git` names, or null when there is none usable. */
function gitdirAt(dir: string): string | null {
  const dotGit = path.join(dir, '.git');
  let st: fs.Stats;
  try {
    st = fs.statSync(dotGit);
  } catch {
    return null;
  }
  if (st.isDirectory()) return isGitDir(dotGit) ? dotGit : null;
  if (!st.isFile() || st.size > 4096) return null;
  // A `.git` file: "gitdir: <path>", relative to the folder holding the file.
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(readGitText(dotGit, 4096) ?? '');
  if (!match?.[1]) return null;
  const target = path.resolve(dir, match[1]);
  return isGitDir(target) ? target : null;
}

/** A git directory has HEAD and either objects/ or a commondir pointer. */
function isGitDir(p: string): boolean {
  return fs.existsSync(path.join(p, 'HEAD')) && (fs.existsSync(path.join(p, 'objects')) || fs.existsSync(path.join(p, 'commondir')));
}

/** Linked worktrees keep objects and refs in the main repository, named by `commondir`. */
function commondirOf(gitdir: string): string {
  const rel = readGitText(path.join(gitdir, 'commondir'))?.trim();
  return rel ? path.resolve(gitdir, rel) : gitdir;
}

/** Refuses repository formats the reader cannot read correctly. */
function checked(repo: RepositoryLocation): LocateResult {
  // No config is unusual but readable: git defaults apply.
  const config = readGitText(path.join(repo.commondir, 'config')) ?? '';
  if (/^\s*objectformat\s*=\s*sha256\s*$/im.test(config)) {
    return { ok: false, reason: 'unsupported', message: `the repository at ${repo.worktree} uses SHA-256 object ids, which Atmark cannot read yet` };
  }
  return { ok: true, repo };
}

/**
 * Reads what HEAD points at in this working tree: the commit id, or null on an unborn branch (a new
 * repository without commits). Symbolic refs are followed through loose refs and `packed-refs`.
 */
export function readHead(repo: RepositoryLocation): string | null {
  const head = readGitText(path.join(repo.gitdir, 'HEAD'));
  if (head === null) throw new Error(`the repository at ${repo.worktree} has no HEAD file`);
  let value = head.trim();
  for (let depth = 0; depth < 5; depth++) {
    const sym = /^ref:\s*(\S+)$/.exec(value);
    if (!sym?.[1]) return /^[0-9a-f]{40}$/.test(value) ? value : null;
    const next = readRef(repo, sym[1]);
    if (next === null) return null;
    value = next;
  }
  return null;
}

/** A ref's value from its loose file (worktree-private refs first) or `packed-refs`; null when absent. */
function readRef(repo: RepositoryLocation, name: string): string | null {
  if (name.split('/').some((part) => part === '..' || part === '')) return null;
  for (const base of [repo.gitdir, repo.commondir]) {
    // Not loose here (null): try the next place. A FIFO or device throws: refused, never read.
    const loose = readGitText(path.join(base, name));
    if (loose !== null) return loose.trim();
  }
  const packed = readGitText(path.join(repo.commondir, 'packed-refs'), MAX_PACKED_REFS_BYTES);
  if (packed === null) return null;
  for (const line of packed.split('\n')) {
    const [oid, ref] = line.split(' ');
    if (ref === name && oid && /^[0-9a-f]{40}$/.test(oid)) return oid;
  }
  return null;
}
