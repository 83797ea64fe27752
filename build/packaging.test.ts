import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUSES, flipPackedFuses } from './fuses';
import { fakeElectronBinary } from './stand-in-package';

/**
 * The packaging, tested as far as this machine allows (Electron itself cannot be downloaded here):
 * electron-builder's own validation of electron-builder.ts, the fuses flipped in a binary that
 * carries Electron's fuse wire. The `--dir` build against a stand-in Electron, and what starts from
 * it, is build/packaged-app.test.ts.
 */

const ROOT = path.resolve(__dirname, '..');

let base: string;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-packaging-'));
});
afterAll(() => fs.rm(base, { recursive: true, force: true }));

describe('the electron-builder configuration', () => {
  it("passes electron-builder's own validation", async () => {
    const { getConfig, validateConfiguration } = await import('app-builder-lib/out/util/config/config.js');
    const { DebugLogger } = await import('builder-util');
    const config = await getConfig(ROOT, null, null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config.productName).toBe('Atmark');
    expect(config.mac?.target).toEqual([
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ]);
    expect(config.win?.target).toEqual([{ target: 'nsis', arch: ['x64', 'arm64'] }]);
    expect((config.linux?.target as Array<{ target: string }>).map((t) => t.target)).toEqual(['AppImage', 'deb']);
    // Folders from the Dock and Finder's Open With (macOS); plain paths from file managers (Linux).
    expect((config.mac?.extendInfo as { CFBundleDocumentTypes?: unknown })?.CFBundleDocumentTypes).toEqual([expect.objectContaining({ LSItemContentTypes: ['public.folder'], CFBundleTypeRole: 'Viewer' })]);
    expect(config.linux?.executableArgs).toEqual(['%F']);
    expect(config.extraResources).toEqual(expect.arrayContaining([{ from: 'README.ja.md', to: 'docs/README.ja.md' }, { from: 'README.ko.md', to: 'docs/README.ko.md' }]));
    expect(config.linux?.desktop?.entry).toMatchObject({ Name: 'Atmark', MimeType: 'inode/directory;', 'Comment[ja]': expect.stringContaining('プロンプト') });
  });

  it('rejects a configuration with a mistake (the validation can fail)', async () => {
    const { validateConfiguration } = await import('app-builder-lib/out/util/config/config.js');
    const { DebugLogger } = await import('builder-util');
    for (const wrong of [{ appId: 'x', notAnOption: true }, { appId: 'x', mac: { hardenedRuntime: 'yes' } }]) {
      await expect(validateConfiguration(wrong as never, new DebugLogger(false))).rejects.toThrow(/does not match the API schema/);
    }
  });
});

describe('the fuses', () => {
  it('sets every fuse: RunAsNode, NODE_OPTIONS and inspect off; asar only and integrity on; cookie encryption on; no file:// privileges', () => {
    expect(FUSES.strictlyRequireAllFuses).toBe(true);
    expect(FUSES[FuseV1Options.RunAsNode]).toBe(false);
    expect(FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(FUSES[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(FUSES[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(FUSES[FuseV1Options.EnableCookieEncryption]).toBe(true);
    expect(FUSES[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
  });

  it('flips them in the packed binary', async () => {
    const appOutDir = path.join(base, 'fuses');
    await fs.mkdir(appOutDir);
    await fakeElectronBinary(path.join(appOutDir, 'atmark'));
    await flipPackedFuses({ appOutDir, electronPlatformName: 'linux', arch: 1, packager: { appInfo: { productFilename: 'Atmark' }, executableName: 'atmark' } });
    const wire = await getCurrentFuseWire(path.join(appOutDir, 'atmark'));
    const on = (option: FuseV1Options) => String.fromCharCode(wire[option] as number);
    expect([on(FuseV1Options.RunAsNode), on(FuseV1Options.EnableNodeOptionsEnvironmentVariable), on(FuseV1Options.EnableNodeCliInspectArguments)]).toEqual(['0', '0', '0']);
    expect([on(FuseV1Options.OnlyLoadAppFromAsar), on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation), on(FuseV1Options.EnableCookieEncryption)]).toEqual(['1', '1', '1']);
    expect(on(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe('0');
  });
});
