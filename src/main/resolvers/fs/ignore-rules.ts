/**
 * Git's ignore rules for folder listings, with the `ignore` package: `.git/info/exclude` of the
 * nearest repository, then every `.gitignore` from the workspace root down to the folder being
 * looked at. Deeper files win over shallower ones (a `!pattern` in a subfolder re-includes), as in
 * git. Only files inside the workspace are read: rules of folders above it do not apply.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { FsPolicy } from '../../guards/containment';
import { openChecked, readCapped } from '../../guards/safe-read';

/** Bytes read of one ignore file. Default 1 MiB; a larger file is read up to that. */
export const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

/** Rules of one folder: the folder (workspace-relative, `/`, `''` for the root) and its matcher. */
interface Level {
  base: string;
  rules: Ignore;
}

/** Reads an ignore file through the guards; a missing, odd or unreadable file gives no rules. */
async function readRules(absPath: string, policy: FsPolicy, signal: AbortSignal): Promise<string | null> {
  const opened = await openChecked(absPath, policy, signal);
  if (!opened.ok) return null;
  try {
    const read = await readCapped(opened.handle, MAX_IGNORE_FILE_BYTES, signal);
    return read.ok ? read.bytes.toString('utf8') : null;
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
}

/** True when `rel` (workspace-relative) is `base` or under it. */
function under(base: string, rel: string): boolean {
  return base === '' || rel === base || rel.startsWith(`${base}/`);
}

/** The ignore rules met so far while walking down from the workspace root. */
export class IgnoreRules {
  private readonly levels: Level[] = [];

  private constructor(
    private readonly workspaceRoot: string,
    private readonly policy: FsPolicy,
    private readonly signal: AbortSignal,
  ) {}

  /**
   * Rules that apply inside `folderRel` (workspace-relative): the nearest repository's
   * `info/exclude` and the `.gitignore` of the root and of every folder down to `folderRel`.
   */
  static async forFolder(workspaceRoot: string, folderRel: string, policy: FsPolicy, signal: AbortSignal): Promise<IgnoreRules> {
    const rules = new IgnoreRules(workspaceRoot, policy, signal);
    const chain = folderRel === '' ? [''] : ['', ...folderRel.split('/').map((_, i, all) => all.slice(0, i + 1).join('/'))];
    const repo = await nearestRepository(workspaceRoot, chain);
    if (repo !== null) await rules.add(repo, path.join(workspaceRoot, repo, '.git', 'info', 'exclude'));
    for (const dir of chain) await rules.enter(dir);
    return rules;
  }

  /** Adds the `.gitignore` of folder `dirRel` (workspace-relative), if it has one. */
  async enter(dirRel: string): Promise<void> {
    await this.add(dirRel, path.join(this.workspaceRoot, dirRel, '.gitignore'));
  }

  private async add(base: string, file: string): Promise<void> {
    const text = await readRules(file, this.policy, this.signal);
    if (text !== null && text.trim() !== '') this.levels.push({ base, rules: ignore().add(text) });
  }

  /** Whether git would ignore `rel` (workspace-relative, `/`); folders are tested with a trailing `/`. */
  ignores(rel: string, isDirectory: boolean): boolean {
    let ignored = false;
    for (const level of this.levels) {
      if (!under(level.base, rel) || rel === level.base) continue;
      const inner = level.base === '' ? rel : rel.slice(level.base.length + 1);
      const result = testSafely(level.rules, isDirectory ? `${inner}/` : inner);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}

/** `ignore` throws on names it cannot take as relative paths; such a name is simply not ignored. */
function testSafely(rules: Ignore, rel: string): { ignored: boolean; unignored: boolean } {
  try {
    return rules.test(rel);
  } catch {
    return { ignored: false, unignored: false };
  }
}

/** The deepest folder of `chain` holding a `.git` folder, or null. */
async function nearestRepository(workspaceRoot: string, chain: string[]): Promise<string | null> {
  for (const dir of [...chain].reverse()) {
    const stats = await fsp.lstat(path.join(workspaceRoot, dir, '.git')).catch(() => null);
    if (stats?.isDirectory()) return dir;
  }
  return null;
}
