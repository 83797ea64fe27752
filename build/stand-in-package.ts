import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A `--dir` build of the app against a stand-in Electron distribution, for tests: Electron itself
 * cannot be downloaded on every machine, but electron-builder needs only a folder shaped like one
 * (a binary carrying the fuse wire, `version`, `locales/`, `resources/`). Everything is written
 * under a fresh temporary folder outside the project. Test support for build/*.test.ts; nothing
 * in the product imports it.
 */

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 45's default fuse wire: RunAsNode on, cookie encryption off, NODE_OPTIONS on, ... */
export const ELECTRON_DEFAULT_WIRE = '101100011';
/** The Electron version the stand-in claims to be. */
export const STAND_IN_ELECTRON_VERSION = '45.5.0';

/** A stand-in for the Electron binary: padding, then the fuse sentinel and wire Electron embeds. */
export async function fakeElectronBinary(file: string): Promise<void> {
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, ELECTRON_DEFAULT_WIRE.length]), Buffer.from(ELECTRON_DEFAULT_WIRE)]);
  await fs.writeFile(file, Buffer.concat([Buffer.from('#!/bin/sh\necho stand-in for electron\n'), Buffer.alloc(4096), wire, Buffer.alloc(4096)]), { mode: 0o755 });
}

/** What {@link buildStandInPackage} made. */
export interface StandInPackage {
  /** The temporary folder holding all of it; the caller removes it. */
  base: string;
  /** The unpacked app (`linux-unpacked`). */
  appDir: string;
  /** Its resources/app.asar. */
  asar: string;
  /** The packed (fuse-flipped) executable. */
  executable: string;
}

/** Builds the renderer, main and workers (electron-vite), then packs them with electron-builder. */
export async function buildStandInPackage(root: string): Promise<StandInPackage> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-package-'));
  // ATMARK_APP_BUILT=1: out/ was built before the tests (the release workflow does, so that this
  // and e2e/electron.spec.ts, running side by side, never rebuild out/ under each other).
  if (process.env.ATMARK_APP_BUILT !== '1') {
    const { build: buildApp } = await import('electron-vite');
    await buildApp({ root, logLevel: 'warn' });
  }
  const dist = path.join(base, 'electron-dist');
  await fs.mkdir(path.join(dist, 'resources'), { recursive: true });
  await fs.mkdir(path.join(dist, 'locales'));
  await fakeElectronBinary(path.join(dist, 'electron'));
  await fs.writeFile(path.join(dist, 'locales', 'en-US.pak'), '');
  await fs.writeFile(path.join(dist, 'version'), STAND_IN_ELECTRON_VERSION);
  await fs.writeFile(path.join(dist, 'LICENSE'), 'stand-in\n');

  const output = path.join(base, 'release');
  const { build, Platform, Arch } = await import('electron-builder');
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: { electronDist: dist, electronVersion: STAND_IN_ELECTRON_VERSION, directories: { output, buildResources: 'build' } },
  });
  const appDir = path.join(output, 'linux-unpacked');
  return { base, appDir, asar: path.join(appDir, 'resources', 'app.asar'), executable: path.join(appDir, 'atmark') };
}
