import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder a launch asks to open: the first plain argument of the command line (a person's
 * `atmark ~/code/project`, a file manager's "Open with", a second launch handed to the first by the
 * single-instance lock). Pure, so the rules can be tested without Electron.
 *
 * Linux file managers fill the desktop entry's field code: `%F` gives plain paths, `%U` (what
 * electron-builder writes by default) gives `file://` URIs. Both are accepted, so an entry written
 * either way opens the folder; any other scheme is not a folder.
 */

/** How this process was started. */
export interface LaunchContext {
  /** True when run as `electron APP_PATH ...` (development): the first argument is the app itself. */
  defaultApp: boolean;
  /** Folder relative arguments resolve against (the launching shell's). */
  cwd: string;
  /** The platform whose path rules a `file://` URI follows; default: this process's. */
  platform?: NodeJS.Platform;
}

/**
 * The folder named in `argv` (as `process.argv`, or the `argv` of `second-instance`), absolute, or
 * null when none is named. Switches (`--inspect`, `--user-data-dir=...`), macOS's process serial
 * number (`-psn_0_12345`) and URLs other than local `file://` ones are not folders.
 */
export function folderFromArgv(argv: readonly string[], context: LaunchContext): string | null {
  const args = argv.slice(context.defaultApp ? 2 : 1);
  for (const arg of args) {
    if (arg === '' || arg.startsWith('-')) continue;
    if (/^file:/i.test(arg)) {
      const local = pathFromFileUrl(arg, context.platform ?? process.platform);
      if (local) return local;
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) continue;
    return path.resolve(context.cwd, arg);
  }
  return null;
}

/**
 * The local path of a `file:` URI (percent-escapes decoded: `file:///home/me/%E3%83%8E` is
 * `/home/me/ノ`), or null for one on another host (`file://server/share` on Linux), one that
 * does not parse, or one naming an encoded separator.
 */
export function pathFromFileUrl(uri: string, platform: NodeJS.Platform): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'file:') return null;
  // A host other than localhost is another machine (Windows turns it into a UNC path, which the
  // workspace guards would refuse with a less clear message).
  if (url.hostname !== '' && url.hostname.toLowerCase() !== 'localhost') return null;
  url.hostname = '';
  try {
    const local = fileURLToPath(url, { windows: platform === 'win32' });
    if (local.includes('\0')) return null;
    return platform === 'win32' ? path.win32.normalize(local) : path.posix.normalize(local).replace(/(.)\/$/, '$1');
  } catch {
    return null; // an encoded `/` or NUL, or a Windows URI without a drive
  }
}
