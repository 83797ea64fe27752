#!/usr/bin/env node
// `npm run dist`: the installers for this OS (electron-builder.ts): AppImage and deb on Linux, dmg
// and zip on macOS, nsis on Windows, in release/. Packaging needs an Electron distribution, which
// electron-builder downloads from GitHub (or ATMARK_ELECTRON_DIST names a local one); where it
// cannot be had, this stops with one sentence instead of a stack trace.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { meetsMinimum, tooOldForInstallers } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ELECTRON_VERSION = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8'))).version;
const PLATFORM_FLAG = { darwin: '--mac', win32: '--win', linux: '--linux' }[process.platform];

const TEXT = {
  noElectron: `The installers cannot be built here because Electron ${ELECTRON_VERSION} cannot be downloaded (no connection to github.com); build them on a machine with internet access, or set ATMARK_ELECTRON_DIST to a folder holding an unpacked Electron ${ELECTRON_VERSION} for this platform.`,
  unsupported: `Atmark's installers are built on macOS, Windows or Linux, not on ${process.platform}.`,
  failed: (step, code) => `Packaging stopped: ${step} failed (exit ${code}); its output is above.`,
  done: 'The installers are in release/.',
};

function run(label, command, args) {
  process.stdout.write(`${label}…\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(TEXT.failed(label, code)))));
    child.on('error', reject);
  });
}

/** True when Electron's release can be fetched (electron-builder downloads it to package). */
async function electronReachable() {
  const url = `https://github.com/electron/electron/releases/download/v${ELECTRON_VERSION}/SHASUMS256.txt`;
  try {
    const response = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(8_000) });
    return response.status < 500;
  } catch {
    return false;
  }
}

const INSTALLERS_NODE = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(path.join(root, 'package.json'), 'utf8'))).config.installersNode;

try {
  if (!meetsMinimum(process.version, INSTALLERS_NODE.replace(/^>=\s*/, ''))) throw new Error(tooOldForInstallers(process.version, INSTALLERS_NODE));
  if (!PLATFORM_FLAG) throw new Error(TEXT.unsupported);
  const electronDist = process.env.ATMARK_ELECTRON_DIST;
  if (electronDist ? !existsSync(electronDist) : !(await electronReachable())) throw new Error(TEXT.noElectron);
  const bin = (name) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
  await run('Drawing the icons', process.execPath, [path.join(root, 'scripts', 'make-icons.mjs')]);
  await run('Building the app', bin('electron-vite'), ['build']);
  await run('Packaging', bin('electron-builder'), [PLATFORM_FLAG, '--publish', 'never', ...(electronDist ? [`-c.electronDist=${electronDist}`] : [])]);
  process.stdout.write(`${TEXT.done}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
