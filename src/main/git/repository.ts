/**
 * Finding the git repository that holds a workspace, the way git does: walk up from the folder until
 * a `.git` directory, or a `.git` file pointing at a git directory (linked worktrees, submodules), is
 * found. Read-only: only `stat`, `readFile` and `readdir`.
 */
import fs from 'node:fs';
import path from 'node:path';

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
export type LocateResult = { ok: true; repo: RepositoryLocation } | { ok: false; reason: 'not_a_repository' | 'unsupported'; message: string };

/**
 * Finds the repository containing `startDir` (a real path), walking up to the file-system root.
 * A bare repository or a `.git` that is neither a folder nor a valid pointer file is skipped, as git
 * would fail on it; SHA-256 repositories are reported `unsupported` (isomorphic-git reads SHA-1 only).
 */
export function locateRepository(startDir: string): LocateResult {
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
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(fs.readFileSync(dotGit, 'utf8'));
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
  try {
    const rel = fs.readFileSync(path.join(gitdir, 'commondir'), 'utf8').trim();
    return path.resolve(gitdir, rel);
  } catch {
    return gitdir;
  }
}

/** Refuses repository formats the reader cannot read correctly. */
function checked(repo: RepositoryLocation): LocateResult {
  let config = '';
  try {
    config = fs.readFileSync(path.join(repo.commondir, 'config'), 'utf8');
  } catch {
    // No config is unusual but readable: git defaults apply.
  }
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
  let value = fs.readFileSync(path.join(repo.gitdir, 'HEAD'), 'utf8').trim();
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
    try {
      return fs.readFileSync(path.join(base, name), 'utf8').trim();
    } catch {
      // Not loose here; try the next place.
    }
  }
  let packed = '';
  try {
    packed = fs.readFileSync(path.join(repo.commondir, 'packed-refs'), 'utf8');
  } catch {
    return null;
  }
  for (const line of packed.split('\n')) {
    const [oid, ref] = line.split(' ');
    if (ref === name && oid && /^[0-9a-f]{40}$/.test(oid)) return oid;
  }
  return null;
}
