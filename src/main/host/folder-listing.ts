import fs from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import type { FolderListing } from '../../shared/api/contract';
import { fail, ok, type ApiResult } from '../../shared/api/result';
import { text } from '../../shared/i18n';
import { isInside } from '../guards';

/**
 * The browser host's folder browser (it stands in for the system's folder dialog, which a browser
 * does not have): the sub-folders of one folder, by name. It never reads a file, lists no files,
 * and skips hidden folders (names starting with `.`, where credentials live). Browsing stays in the
 * person's home folder; a folder elsewhere is listed only for a path the person typed.
 */

/** Most folders listed at once (a person picks from a list, they do not scroll ten thousand). */
export const MAX_LISTED_FOLDERS = 2000;

/** What to list. */
export interface FolderRequest {
  /** Absolute, `~`, `~/...`, or relative to home. Empty: home itself. */
  path: string;
  /** True when the person typed the path; only then may it lie outside home. */
  typed: boolean;
}

/** Lists the folders in `request.path` (see the module comment); `home` is the person's home folder. */
export async function listFolders(request: FolderRequest, home: string): Promise<ApiResult<FolderListing>> {
  const realHome = await fs.realpath(home).catch(() => path.resolve(home));
  const wanted = expandPath(request.path, realHome);
  const real = await fs.realpath(wanted).catch(() => null);
  if (real === null) return fail('not_found', text('host.folders.notFound', { path: request.path || wanted }));
  const stat = await fs.stat(real).catch(() => null);
  if (!stat?.isDirectory()) return fail('not_a_folder', text('host.folders.notAFolder', { path: request.path }));
  if (!request.typed && !isInside(realHome, real)) return fail('forbidden', text('host.folders.outsideHome', { path: request.path }));

  let entries: Dirent[];
  try {
    entries = await fs.readdir(real, { withFileTypes: true });
  } catch (error) {
    return fail('failed', text('host.folders.unreadable', { path: real, detail: (error as NodeJS.ErrnoException).code ?? String(error) }));
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory() || (entry.isSymbolicLink() && (await isFolder(path.join(real, entry.name))))) names.push(entry.name);
  }
  names.sort(byName);
  return ok({
    path: real,
    home: realHome,
    parent: path.dirname(real) === real ? null : path.dirname(real),
    crumbs: crumbsOf(real, realHome),
    folders: names.slice(0, MAX_LISTED_FOLDERS).map((name) => ({ name, path: path.join(real, name) })),
    truncated: names.length > MAX_LISTED_FOLDERS,
  });
}

/** `~` and `~/x` from home; a relative path from home; an absolute path as it is. */
export function expandPath(input: string, home: string): string {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed === '~') return home;
  if (trimmed.startsWith('~/') || trimmed.startsWith('~\\')) return path.resolve(home, trimmed.slice(2));
  return path.resolve(home, trimmed);
}

/**
 * The path's folders from the top, each with the path it leads to. Inside home the trail starts at
 * home (named as the folder is); elsewhere at the file system's root.
 */
export function crumbsOf(real: string, home: string): Array<{ name: string; path: string }> {
  const start = isInside(home, real) ? home : path.parse(real).root;
  const crumbs = [{ name: path.basename(start) || start, path: start }];
  const rest = path.relative(start, real);
  let at = start;
  for (const part of rest === '' ? [] : rest.split(path.sep)) {
    at = path.join(at, part);
    crumbs.push({ name: part, path: at });
  }
  return crumbs;
}

async function isFolder(p: string): Promise<boolean> {
  return (await fs.stat(p).catch(() => null))?.isDirectory() ?? false;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
function byName(a: string, b: string): number {
  return collator.compare(a, b);
}
