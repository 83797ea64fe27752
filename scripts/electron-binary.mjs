// Where the Electron binary is, without `require('electron')`: Electron 45 fetches its binary
// lazily on the first require, which downloads (or, offline, fails with a stack trace).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The path of an installed Electron binary, or null when there is none. */
export function electronBinary(root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')) {
  const dir = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? path.join(override, relative || 'electron') : path.join(dir, 'dist', relative);
  return relative && existsSync(binary) ? binary : null;
}
