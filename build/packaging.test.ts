import { extractAll, listPackage } from '@electron/asar';
import { execFileSync } from 'node:child_process';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUSES, flipPackedFuses } from './fuses';

/**
 * The packaging, tested as far as this machine allows (Electron itself cannot be downloaded here):
 * electron-builder's own validation of electron-builder.ts, the fuses flipped in a binary that
 * carries Electron's fuse wire, and a `--dir` build against a stand-in Electron distribution whose
 * app.asar must hold main, preload, renderer and workers, and nothing of the sources, tests or dev
 * dependencies.
 */

const ROOT = path.resolve(__dirname, '..');
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 45's default fuse wire: RunAsNode on, cookie encryption off, NODE_OPTIONS on, ... */
const ELECTRON_DEFAULT_WIRE = '101100011';

let base: string;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-packaging-'));
});
afterAll(() => fs.rm(base, { recursive: true, force: true }));

/** A stand-in for the Electron binary: padding, then the fuse sentinel and wire Electron embeds. */
async function fakeElectronBinary(file: string): Promise<void> {
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, ELECTRON_DEFAULT_WIRE.length]), Buffer.from(ELECTRON_DEFAULT_WIRE)]);
  await fs.writeFile(file, Buffer.concat([Buffer.from('#!/bin/sh\necho stand-in for electron\n'), Buffer.alloc(4096), wire, Buffer.alloc(4096)]), { mode: 0o755 });
}

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

describe('a --dir build against a stand-in Electron', () => {
  it('packs main, preload, renderer and workers into app.asar, and nothing else of the project', async () => {
    const { build: buildApp } = await import('electron-vite');
    await buildApp({ root: ROOT, logLevel: 'warn' });
    const dist = path.join(base, 'electron-dist');
    await fs.mkdir(path.join(dist, 'resources'), { recursive: true });
    await fs.mkdir(path.join(dist, 'locales'));
    await fakeElectronBinary(path.join(dist, 'electron'));
    await fs.writeFile(path.join(dist, 'locales', 'en-US.pak'), '');
    await fs.writeFile(path.join(dist, 'version'), '45.5.0');
    await fs.writeFile(path.join(dist, 'LICENSE'), 'stand-in\n');

    const output = path.join(base, 'release');
    const { build, Platform, Arch } = await import('electron-builder');
    await build({
      projectDir: ROOT,
      targets: Platform.LINUX.createTarget('dir', Arch.x64),
      publish: 'never',
      config: { electronDist: dist, electronVersion: '45.5.0', directories: { output, buildResources: 'build' } },
    });

    const appDir = path.join(output, 'linux-unpacked');
    const asar = path.join(appDir, 'resources', 'app.asar');
    const files = listPackage(asar, { isPack: false }).map((f) => f.replace(/\\/g, '/'));
    // The token counter's data: the prebuilt rank file, and the library's ranks it was made from.
    for (const needed of ['/out/main/o200k_base.ranks', '/node_modules/gpt-tokenizer/data/o200k_base.tiktoken', '/node_modules/gpt-tokenizer/esm/encodingParams/constants.js', '/package.json', '/out/main/index.js', '/out/main/engine-worker.js', '/out/main/index-worker.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/node_modules/zod/package.json', '/node_modules/gpt-tokenizer/package.json']) {
      expect(files, needed).toContain(needed);
    }
    // gpt-tokenizer's rank modules and other encodings are never loaded: about 20 MiB left out.
    expect(files.filter((f) => f.includes('/gpt-tokenizer/esm/bpeRanks/') || /gpt-tokenizer\/data\/(cl100k|p50k|r50k)/.test(f))).toEqual([]);
    const forbidden = files.filter((f) => /^\/(src|e2e|bench|scripts|build|docs|test-results|dist)\//.test(f) || /\.(map|ts|tsx)$/.test(f) || /\.(test|spec)\.[cm]?js$/.test(f));
    expect(forbidden).toEqual([]);
    expect(files.filter((f) => f.endsWith('.node')), 'native modules').toEqual([]);
    for (const dev of ['vitest', 'electron', 'electron-builder', 'react', 'react-dom', '@codemirror/view', 'typescript', 'eslint', 'playwright-core', 'vite', 'esbuild']) {
      expect(files, dev).not.toContain(`/node_modules/${dev}/package.json`);
    }
    // The fuses were flipped by the afterPack hook.
    const wire = await getCurrentFuseWire(path.join(appDir, 'atmark'));
    expect(String.fromCharCode(wire[FuseV1Options.RunAsNode] as number)).toBe('0');
    // The guide ships beside the app for Help.
    await expect(fs.stat(path.join(appDir, 'resources', 'docs', 'README.md'))).resolves.toBeTruthy();

    // The packed files run: the engine's worker thread, started from them with plain Node (Electron
    // is not here), loads its dependencies from the packed node_modules and expands a reference.
    const extracted = path.join(base, 'extracted');
    extractAll(asar, extracted);
    const probe = [
      "import { Worker } from 'node:worker_threads';",
      `const worker = new Worker('./out/main/engine-worker.js', { workerData: { workspace: ${JSON.stringify(ROOT)}, contextLength: 128000 } });`,
      "worker.on('error', (e) => { console.log(JSON.stringify({ error: String(e) })); process.exit(1); });",
      "worker.on('message', (m) => {",
      "  if (m.type === 'ready') worker.postMessage({ type: 'expand', id: 1, message: 'Read @file:package.json', fresh: true });",
      "  else if (m.type === 'result') { console.log(JSON.stringify({ status: m.result.references[0].status, tokens: m.result.references[0].tokens })); process.exit(0); }",
      "  else if (m.type !== 'progress') { console.log(JSON.stringify(m)); process.exit(1); }",
      '});',
    ].join('\n');
    await fs.writeFile(path.join(extracted, 'probe.mjs'), probe);
    const answer = JSON.parse(execFileSync(process.execPath, ['probe.mjs'], { cwd: extracted, encoding: 'utf8', timeout: 60_000 })) as { status: string; tokens: number };
    expect(answer.status).toBe('attached');
    expect(answer.tokens).toBeGreaterThan(100);

    const asarBytes = (await fs.stat(asar)).size;
    console.log(`app.asar: ${(asarBytes / 1024 / 1024).toFixed(1)} MiB with ${files.length} entries`);
  }, 180_000);
});
