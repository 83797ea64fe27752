/**
 * A workspace that is a folder inside a larger repository sees only its own part of the repository's
 * changes (issue 11, row 7): `@diff`, `@staged` and `@git:N` keep the changes whose path lies inside
 * the workspace folder and count the ones left out, so the block header can say that the view is
 * limited and by how much. A rename that crosses the folder's edge is judged before renames are
 * detected, so it shows as the half that lies inside (an addition or a deletion), never naming the
 * path outside.
 */
import path from 'node:path';
import type { FileChange } from './file-change';

/** The workspace's path inside the repository, with `/`, or '' when the workspace is the whole repository. */
export function workspacePrefix(worktree: string, workspaceRoot: string): string {
  const rel = path.relative(worktree, workspaceRoot);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return '';
  return rel.split(path.sep).join('/');
}

/** True when a repository path lies inside the workspace folder `prefix` ('' = everything). */
export function inWorkspace(repoPath: string, prefix: string): boolean {
  return prefix === '' || repoPath === prefix || repoPath.startsWith(`${prefix}/`);
}

/** The changes and unmerged paths inside `prefix`, and how many were left out. */
export function limitToWorkspace(
  set: { changes: FileChange[]; unmerged: string[] },
  prefix: string,
): { changes: FileChange[]; unmerged: string[]; leftOut: number } {
  if (prefix === '') return { ...set, leftOut: 0 };
  const changes = set.changes.filter((c) => inWorkspace(c.path, prefix));
  const unmerged = set.unmerged.filter((p) => inWorkspace(p, prefix));
  const leftOut = set.changes.length - changes.length + set.unmerged.length - unmerged.length;
  return { changes, unmerged, leftOut };
}
