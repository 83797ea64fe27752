/**
 * What git lays over the object store when it reads history, read the way git reads it:
 *
 * - `shallow` (a `git clone --depth N`, most CI checkouts and agent sandboxes): the commits it lists
 *   are read as if they had no parents, so the log stops there and the last commit's patch is
 *   against the empty tree, as `git log -p` shows it. Their parents are not in the repository.
 * - `refs/replace/<id>` (`git replace`): reading object `<id>` gives the object the ref names
 *   instead, while the log still prints `<id>`. Loose refs win over `packed-refs`, as for every ref.
 *   A replacement of a replacement is followed up to 5 times, git's own limit.
 *
 * Both are read through `safe-open.ts` (regular files only, capped), and kept per session with the
 * stat data they were read at, so a warm call costs a `stat` of each.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RepositoryLocation } from './repository';
import { MAX_PACKED_REFS_BYTES, readGitText } from './safe-open';

/** The rewrites of one repository. */
export interface HistoryRewrites {
  /** Commits read as parentless (ids from `shallow`). */
  shallow: ReadonlySet<string>;
  /** Object id -> the id of its replacement. */
  replace: ReadonlyMap<string, string>;
}

/** How many replacements of replacements are followed: git's MAXREPLACEDEPTH. */
export const MAX_REPLACE_DEPTH = 5;

const OID = /^[0-9a-f]{40}$/;
const NONE: HistoryRewrites = { shallow: new Set(), replace: new Map() };

/** A cheap key for a file or folder's state: '' when absent. */
function statKey(file: string): string {
  try {
    const st = fs.statSync(file, { bigint: true });
    return `${st.mtimeNs}:${st.ctimeNs}:${st.size}:${st.ino}`;
  } catch {
    return '';
  }
}

/** The key that changes when any file the rewrites come from changes. */
export function rewritesKey(repo: RepositoryLocation): string {
  const { commondir } = repo;
  return [statKey(path.join(commondir, 'shallow')), statKey(path.join(commondir, 'refs', 'replace')), statKey(path.join(commondir, 'packed-refs'))].join('|');
}

/** Reads the shallow list and the replace refs of `repo` (none when the files are absent). */
export function readRewrites(repo: RepositoryLocation): HistoryRewrites {
  const shallow = new Set<string>();
  for (const line of (readGitText(path.join(repo.commondir, 'shallow')) ?? '').split('\n')) {
    const oid = line.trim();
    if (OID.test(oid)) shallow.add(oid);
  }
  const replace = new Map<string, string>();
  const packed = readGitText(path.join(repo.commondir, 'packed-refs'), MAX_PACKED_REFS_BYTES) ?? '';
  if (packed.includes(' refs/replace/')) {
    for (const line of packed.split('\n')) {
      const m = /^([0-9a-f]{40}) refs\/replace\/([0-9a-f]{40})$/.exec(line.trim());
      if (m) replace.set(m[2] as string, m[1] as string);
    }
  }
  for (const name of looseReplaceRefs(repo)) {
    const value = readGitText(path.join(repo.commondir, 'refs', 'replace', name))?.trim() ?? '';
    if (OID.test(value)) replace.set(name, value);
  }
  return shallow.size === 0 && replace.size === 0 ? NONE : { shallow, replace };
}

/** Names under `refs/replace/` that are object ids (git ignores the others). */
function looseReplaceRefs(repo: RepositoryLocation): string[] {
  try {
    return fs.readdirSync(path.join(repo.commondir, 'refs', 'replace')).filter((n) => OID.test(n));
  } catch {
    return [];
  }
}

/** The id whose content git reads for `oid`: its replacement, followed up to {@link MAX_REPLACE_DEPTH} times. */
export function replaced(rewrites: HistoryRewrites, oid: string): string {
  let at = oid;
  for (let i = 0; i < MAX_REPLACE_DEPTH; i++) {
    const next = rewrites.replace.get(at);
    if (next === undefined || next === at) return at;
    at = next;
  }
  // git stops with "replace depth too high": a loop of replacements is damage, not history.
  throw new Error(`git replace refs for ${oid} loop or nest deeper than ${MAX_REPLACE_DEPTH}`);
}
