import os from 'node:os';
import path from 'node:path';

/**
 * Atmark's settings folder for this platform, shared by the desktop app and the browser host (so a
 * key or an endpoint set in one is there in the other), and protected from attachment by the
 * guards. The app sets it explicitly rather than taking Electron's default, which follows the
 * product name and would be `~/.config/Atmark` on Linux.
 */
export function defaultUserDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Atmark');
  if (platform === 'win32') return path.join(env.APPDATA ?? home, 'Atmark');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'atmark');
}
