import path from 'node:path';

/**
 * The folder a launch asks to open: the first plain argument of the command line (a person's
 * `atmark ~/code/project`, a file manager's "Open with", a second launch handed to the first by the
 * single-instance lock). Pure, so the rules can be tested without Electron.
 */

/** How this process was started. */
export interface LaunchContext {
  /** True when run as `electron APP_PATH ...` (development): the first argument is the app itself. */
  defaultApp: boolean;
  /** Folder relative arguments resolve against (the launching shell's). */
  cwd: string;
}

/**
 * The folder named in `argv` (as `process.argv`, or the `argv` of `second-instance`), absolute, or
 * null when none is named. Switches (`--inspect`, `--user-data-dir=...`), macOS's process serial
 * number (`-psn_0_12345`) and URLs are not folders.
 */
export function folderFromArgv(argv: readonly string[], context: LaunchContext): string | null {
  const args = argv.slice(context.defaultApp ? 2 : 1);
  for (const arg of args) {
    if (arg === '' || arg.startsWith('-') || /^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) continue;
    return path.resolve(context.cwd, arg);
  }
  return null;
}
