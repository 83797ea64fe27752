/**
 * `lstat` without the stats object: Node's own file-system binding, which `fs.lstatSync` calls and
 * then wraps, read straight from the numbers it returns.
 *
 * Why (issue 27): the stat pass of `@diff` calls `lstat` once per tracked file. In a fresh Node 20
 * process, 10,000 `fs.lstatSync` calls took 42-48 ms here and 10,000 binding calls 25-27 ms: the
 * rest is the `Stats` object and the four `Date`s Node 20 builds for each (Node 22 builds the dates
 * only when read, so the saving there is smaller). git's own pass is all of `git diff`'s 26 ms.
 *
 * Why it is safe to use an internal: it is used only after a self-check on this thread (the
 * binding's numbers for a file that exists equal `fs.lstatSync`'s, field by field, and it answers
 * "absent" for a path that is not there), a path the binding refuses is asked again through
 * `fs.lstatSync` (the scan's records then come from the public call, errors included), and where
 * anything differs (another Node, Electron's build, the permission model, `--pending-deprecation`
 * or `NODE_PENDING_DEPRECATION=1`, under which `process.binding` prints a warning, Windows, where
 * Node 20 rewrites a long path before the binding sees it) the scan uses `fs.lstatSync` as before. The
 * records never depend on which of the two answered: the stat-preload tests compare them.
 *
 * Self-contained on purpose (no imports, no outer names), like `statInto`: the stat helper thread
 * builds its own from this function's source text.
 */

/**
 * The binding's numbers for one path (a view Node reuses: read it before the next call), or
 * undefined when the path is absent. Fields, in Node 20's and 22's order: mode 1, links 2, inode 7,
 * size 8, mtime seconds and nanoseconds 12-13, ctime 14-15.
 */
export type RawLstat = (path: string) => ArrayLike<number> | undefined;

/**
 * The raw `lstat` of this thread, or null when it is not there or does not pass its self-check
 * against `fs.lstatSync` on `probe` (a file that exists: the running executable). `absent` must
 * name no file (checked first through `fs.lstatSync`).
 */
export function rawLstatOf(fs: { lstatSync: (p: string, o: { throwIfNoEntry: false }) => { ino: number; size: number; mode: number; nlink: number; mtimeMs: number; ctimeMs: number } | undefined }, probe: string, absent: string): RawLstat | null {
  try {
    const proc = process as unknown as { binding?: (name: string) => unknown; permission?: unknown; execArgv: string[]; env: Record<string, string | undefined>; platform: string };
    const flags = `${proc.execArgv.join(' ')} ${proc.env.NODE_OPTIONS ?? ''}`;
    // The permission model checks each path in fs.lstatSync, never in the binding; the flag (or its
    // variable) makes process.binding warn; on Windows, Node 20 turns a long path into its `\\?\`
    // form in fs.lstatSync before the binding sees it, which a short probe cannot check.
    if (typeof proc.binding !== 'function' || proc.permission !== undefined || flags.includes('pending-deprecation') || proc.env.NODE_PENDING_DEPRECATION?.startsWith('1') || proc.platform === 'win32') return null;
    const binding = proc.binding('fs') as { lstat?: (p: string, bigint: boolean, req: undefined, throwIfNoEntry: boolean) => ArrayLike<number> | undefined } | undefined;
    const lstat = binding?.lstat;
    if (typeof lstat !== 'function') return null;
    const raw: RawLstat = (p) => lstat.call(binding, p, false, undefined, false);
    const want = fs.lstatSync(probe, { throwIfNoEntry: false });
    if (!want || fs.lstatSync(absent, { throwIfNoEntry: false }) !== undefined) return null;
    if (raw(absent) !== undefined) return null;
    const v = raw(probe);
    if (!v || v.length < 16) return null;
    const same =
      v[1] === want.mode &&
      v[2] === want.nlink &&
      v[7] === want.ino &&
      v[8] === want.size &&
      (v[12] as number) * 1000 + (v[13] as number) / 1e6 === want.mtimeMs &&
      (v[14] as number) * 1000 + (v[15] as number) / 1e6 === want.ctimeMs;
    return same ? raw : null;
  } catch {
    return null;
  }
}
