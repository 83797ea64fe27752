/**
 * Git's ignore rules, the one copy that completion (the workspace index) and `@folder` listings
 * both use, so they never disagree about what is ignored: the workspace repository's
 * `.git/info/exclude`, the root `.gitignore` and every nested `.gitignore`, each applying to its own
 * folder and below, deeper files taking precedence (the last matching rule wins, as
 * `git check-ignore` reports). Matching is done by the `ignore` package.
 * The person's global `core.excludesFile` is not read: it differs between machines, and a listing
 * that changed with it would surprise people sharing a workspace.
 *
 * Callers choose how rule files are read ({@link RuleReader}): the index reads them capped,
 * `@folder` through the file guards.
 */
import ignore, { type Ignore } from 'ignore';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';

/** Largest `.gitignore` read, in bytes. Default 1 MiB; a larger file is read up to the cap. */
export const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

/** One folder's rules: the folder's repo-relative path (`''` for the root) and its matcher. */
interface IgnoreLevel {
  base: string;
  matcher: Ignore;
}

/** The chain of rule sets that applies inside one folder, outermost first. Immutable. */
export class IgnoreChain {
  private constructor(
    private readonly levels: readonly IgnoreLevel[],
    /** Identifies the rules: equal keys, equal verdicts (lets a rescan notice an edited `.gitignore`). */
    readonly key: string,
  ) {}

  /** A chain with no rules. */
  static empty(): IgnoreChain {
    return new IgnoreChain([], '');
  }

  /** This chain plus the rules of `text`, which belongs to folder `base`. Empty text adds nothing. */
  withRules(base: string, text: string): IgnoreChain {
    if (!text.trim()) return this;
    return new IgnoreChain([...this.levels, { base, matcher: ignore().add(text) }], `${this.key}\0${base}\0${text}`);
  }

  /** Whether any rules apply at all (lets the walk skip checks). */
  get isEmpty(): boolean {
    return this.levels.length === 0;
  }

  /**
   * Whether `relPath` (repo-relative POSIX) is ignored. Folders are tested with a trailing `/`, so
   * rules like `build/` apply to them only.
   */
  ignores(relPath: string, isFolder: boolean): boolean {
    let ignored = false;
    for (const level of this.levels) {
      if (level.base && !relPath.startsWith(`${level.base}/`)) continue;
      const sub = level.base ? relPath.slice(level.base.length + 1) : relPath;
      const result = testSafely(level.matcher, isFolder ? `${sub}/` : sub);
      // Deeper levels override shallower ones: a negation in a nested file re-includes.
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

/** Reads one rule file by absolute path: its text, or '' when it is missing or cannot be read. */
export type RuleReader = (absPath: string) => Promise<string>;

/** Reads a text file up to `cap` bytes (counted on bytes read); '' when missing or not a file. */
export async function readTextCapped(file: string, cap = MAX_IGNORE_FILE_BYTES): Promise<string> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return '';
  try {
    const info = await handle.stat();
    if (!info.isFile()) return '';
    // Sized from fstat but bounded by the cap; the loop counts what is really read.
    const buf = Buffer.alloc(Math.min(cap, info.size + 4096));
    let read = 0;
    while (read < buf.length) {
      const { bytesRead } = await handle.read(buf, read, buf.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return buf.toString('utf8', 0, read);
  } finally {
    await handle.close();
  }
}

/**
 * {@link readTextCapped}, synchronously, for the walk (which runs in the index's worker thread).
 * Opened non-blocking and checked with fstat: a FIFO named `.gitignore` must not stop the walk.
 */
export function readTextCappedSync(file: string, cap = MAX_IGNORE_FILE_BYTES): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return '';
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return '';
    const buf = Buffer.alloc(Math.min(cap, info.size + 4096));
    let read = 0;
    while (read < buf.length) {
      const bytesRead = readSync(fd, buf, read, buf.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return buf.toString('utf8', 0, read);
  } catch {
    return '';
  } finally {
    closeSync(fd);
  }
}

/** The root chain of a workspace: `.git/info/exclude` (if `gitDir` is given), then `.gitignore`. */
export async function rootIgnoreChain(root: string, gitDir: string | null, read: RuleReader = (f) => readTextCapped(f)): Promise<IgnoreChain> {
  let chain = IgnoreChain.empty();
  if (gitDir) chain = chain.withRules('', await read(path.join(gitDir, 'info', 'exclude')));
  return chain.withRules('', await read(path.join(root, '.gitignore')));
}

/**
 * The chain that applies to the entries of `folderRel` (workspace-relative, `/`; `''` is the root):
 * the root chain, then the `.gitignore` of every folder from the root's children down to
 * `folderRel` itself, exactly as a walk from the root meets them.
 */
export async function folderIgnoreChain(root: string, folderRel: string, gitDir: string | null, read: RuleReader = (f) => readTextCapped(f)): Promise<IgnoreChain> {
  let chain = await rootIgnoreChain(root, gitDir, read);
  if (folderRel === '') return chain;
  const parts = folderRel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const rel = parts.slice(0, i).join('/');
    chain = chain.withRules(rel, await read(path.join(root, rel, '.gitignore')));
  }
  return chain;
}
