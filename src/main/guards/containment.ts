/**
 * Workspace containment (docs/contract.md "Resolution"), judged on the real path after every symlink was
 * followed. A path may be read when its real path is the workspace root or lies under it, or when it
 * is exactly a file the person granted; protected paths are refused either way.
 *
 * The pure part ({@link locateInput}, {@link isInside}, {@link judgeRealPath}) has no I/O; the async
 * part ({@link resolveContained}) calls `realpath` once and judges what it returns. What is finally
 * opened is judged again by `safe-read.ts` (open, then check the descriptor).
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { LinkIdentityCache } from './hard-links';
import { isProtectedPath } from './protected-paths';

/** What the guards need to judge a path: the workspace, the grants and the protection options. */
export interface FsPolicy {
  /** Real path of the workspace root. */
  workspaceRoot: string;
  /** Real paths of files outside the workspace granted one by one. */
  grants: ReadonlySet<string>;
  /** Home folder, for `~/` and Atmark's settings folders. */
  home: string;
  /** Extra folders to protect (Atmark's user-data folder). Default none. */
  appDirs?: readonly string[];
  /** Identities of protected files, for files with several hard links. Default: gathered per call. */
  links?: LinkIdentityCache;
}

/** Why a path was refused; each maps to one warning code and one sentence. */
export type PathProblem =
  | { code: 'not_found'; reason: 'missing' | 'loop' | 'too_long' | 'invalid'; detail?: string }
  | { code: 'blocked'; reason: 'outside' }
  | { code: 'blocked'; reason: 'protected'; rule: string; detail: string }
  | { code: 'failed'; reason: 'io_error' | 'aborted'; detail?: string };

/** Result of {@link judgeRealPath}: how a real path is allowed, or why not. */
export type RealPathVerdict = { ok: true; via: 'workspace' | 'grant' } | ({ ok: false } & PathProblem);

/** An absolute, lexically normalised path built from what the person wrote. */
export type LocatedInput =
  | { ok: true; path: string; trailingSlash: boolean }
  | { ok: false; code: 'not_found'; reason: 'invalid'; detail: string };

/** Case is folded when comparing paths on the platforms whose file systems fold case. */
const FOLD_CASE = process.platform === 'darwin' || process.platform === 'win32';

function fold(p: string, foldCase: boolean): string {
  return foldCase ? p.toLowerCase() : p;
}

/**
 * True when `target` is `root` or lies under it. `/ws-evil` is NOT inside `/ws`: the test is on whole
 * components (`path.relative`), never on a string prefix. Both must be absolute and normalised.
 */
export function isInside(root: string, target: string, foldCase = FOLD_CASE): boolean {
  const rel = path.relative(fold(root, foldCase), fold(target, foldCase));
  if (rel === '') return true;
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/**
 * Turns a path as written into an absolute path, without touching the disk. Relative paths resolve
 * against the workspace root; `~` and `~/...` against `home` (`~user` is not expanded: it is a
 * relative name). `\` is read as a separator on every platform, so `..\..\x` cannot slip past as
 * one odd file name (on Linux and macOS, `C:\x` is then a relative name). No URL decoding: `%2e%2e` is a literal name. A NUL character cannot be in a
 * path, so it is `not_found` before any I/O.
 */
export function locateInput(value: string, where: { workspaceRoot: string; home: string }): LocatedInput {
  if (value.includes('\0')) {
    return { ok: false, code: 'not_found', reason: 'invalid', detail: 'the path contains a NUL character' };
  }
  const slashed = value.replace(/\\/g, '/');
  const trailingSlash = slashed.length > 1 && slashed.endsWith('/');
  let abs: string;
  if (slashed === '~' || slashed.startsWith('~/')) abs = path.resolve(where.home, `.${slashed.slice(1)}`);
  else if (path.isAbsolute(slashed)) abs = path.resolve(slashed);
  else abs = path.resolve(where.workspaceRoot, slashed);
  return { ok: true, path: abs, trailingSlash };
}

/** Judges a real path: protected paths never pass; then the workspace, then an exact grant. */
export function judgeRealPath(realPath: string, policy: FsPolicy): RealPathVerdict {
  const guard = isProtectedPath(realPath, { home: policy.home, appDirs: policy.appDirs });
  if (guard.protected) return { ok: false, code: 'blocked', reason: 'protected', rule: guard.rule, detail: guard.reason };
  if (isInside(policy.workspaceRoot, realPath)) return { ok: true, via: 'workspace' };
  const wanted = fold(realPath, FOLD_CASE);
  for (const g of policy.grants) if (fold(g, FOLD_CASE) === wanted) return { ok: true, via: 'grant' };
  return { ok: false, code: 'blocked', reason: 'outside' };
}

/** Result of {@link resolveContained}. */
export type ContainedPath = { ok: true; realPath: string; via: 'workspace' | 'grant' } | ({ ok: false } & PathProblem);

/** Maps a `realpath` failure to a problem; outside the workspace every failure reads as `outside`. */
function realpathProblem(err: unknown, lexicallyInside: boolean): PathProblem {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  // Outside the workspace the answer must not reveal whether something exists there.
  if (!lexicallyInside) return { code: 'blocked', reason: 'outside' };
  if (code === 'ENOENT' || code === 'ENOTDIR') return { code: 'not_found', reason: 'missing' };
  if (code === 'ELOOP') return { code: 'not_found', reason: 'loop' };
  if (code === 'ENAMETOOLONG') return { code: 'not_found', reason: 'too_long' };
  return { code: 'failed', reason: 'io_error', detail: code || String(err) };
}

/**
 * Resolves an absolute path to its real path and judges it. The name as written is also checked
 * against the protected list (a link named `.env` is refused whatever it points at). A trailing
 * slash is kept, so `a.txt/` is not the file `a.txt`.
 */
export async function resolveContained(
  located: { path: string; trailingSlash: boolean },
  policy: FsPolicy,
  signal: AbortSignal,
): Promise<ContainedPath> {
  const named = isProtectedPath(located.path, { home: policy.home, appDirs: policy.appDirs });
  if (named.protected) return { ok: false, code: 'blocked', reason: 'protected', rule: named.rule, detail: named.reason };
  const lexicallyInside = isInside(policy.workspaceRoot, located.path);
  if (signal.aborted) return { ok: false, code: 'failed', reason: 'aborted' };
  let realPath: string;
  try {
    realPath = await fsp.realpath(located.trailingSlash ? `${located.path}/` : located.path);
  } catch (err) {
    return { ok: false, ...realpathProblem(err, lexicallyInside) };
  }
  if (signal.aborted) return { ok: false, code: 'failed', reason: 'aborted' };
  const verdict = judgeRealPath(realPath, policy);
  return verdict.ok ? { ok: true, realPath, via: verdict.via } : verdict;
}
