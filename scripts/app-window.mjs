// How `npm start` opens the composer when there is no Electron binary: as an app window of
// Chromium, Chrome or Edge (`--app=URL`, a profile of its own, so it has no tabs, no address bar
// and none of the person's extensions), else in the system's default browser. Pure functions of
// the platform, the environment and a file-exists check, so a test can read the command.
import path from 'node:path';

/** Executable names looked up on PATH on Linux and other Unixes, in order of preference. */
const UNIX_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge', 'microsoft-edge-stable'];

/** Where the browsers install themselves on macOS (also under ~/Applications). */
const MAC_APPS = [
  'Google Chrome.app/Contents/MacOS/Google Chrome',
  'Chromium.app/Contents/MacOS/Chromium',
  'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
];

/** Where they install on Windows, under each of the program-files folders. */
const WINDOWS_PATHS = ['Google\\Chrome\\Application\\chrome.exe', 'Microsoft\\Edge\\Application\\msedge.exe', 'Chromium\\Application\\chrome.exe'];

/**
 * The Chromium-family browsers to try, in order: `ATMARK_BROWSER` first (a path the person
 * chose), then the usual places for `platform`.
 * @param {NodeJS.Platform} platform
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function browserCandidates(platform, env) {
  const chosen = env.ATMARK_BROWSER ? [env.ATMARK_BROWSER] : [];
  if (platform === 'darwin') {
    const homes = ['/Applications', env.HOME ? path.posix.join(env.HOME, 'Applications') : null].filter(Boolean);
    return [...chosen, ...homes.flatMap((dir) => MAC_APPS.map((app) => path.posix.join(/** @type {string} */ (dir), app)))];
  }
  if (platform === 'win32') {
    const roots = [env.ProgramFiles, env['ProgramFiles(x86)'], env.LOCALAPPDATA].filter(Boolean);
    return [...chosen, ...roots.flatMap((root) => WINDOWS_PATHS.map((p) => path.win32.join(/** @type {string} */ (root), p)))];
  }
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return [...chosen, ...UNIX_NAMES.flatMap((name) => dirs.map((dir) => path.posix.join(dir, name)))];
}

/**
 * The command that opens `url` as an app window: the first candidate that exists, with `--app`
 * and its own profile folder; or the system's default browser when none does.
 * @param {{ url: string, platform: NodeJS.Platform, env: Record<string, string | undefined>, profileDir: string, exists: (file: string) => boolean }} options
 * @returns {{ kind: 'app-window' | 'default-browser', command: string, args: string[] }}
 */
export function appWindowCommand({ url, platform, env, profileDir, exists }) {
  const browser = browserCandidates(platform, env).find((candidate) => exists(candidate));
  if (browser) {
    return {
      kind: 'app-window',
      command: browser,
      args: [`--app=${url}`, `--user-data-dir=${profileDir}`, '--no-first-run', '--no-default-browser-check', '--window-size=1280,860'],
    };
  }
  if (platform === 'darwin') return { kind: 'default-browser', command: 'open', args: [url] };
  // `start` is a cmd built-in; its first quoted argument is the window title, hence the "".
  if (platform === 'win32') return { kind: 'default-browser', command: 'cmd', args: ['/c', 'start', '""', url.replace(/&/g, '^&')] };
  return { kind: 'default-browser', command: 'xdg-open', args: [url] };
}
