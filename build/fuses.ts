import path from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses, type FuseV1Config } from '@electron/fuses';

/**
 * Electron's fuses for Atmark's packaged app, flipped in the binary after packing (electron-builder's
 * afterPack hook, see electron-builder.ts). Fuses are switches compiled into the Electron binary;
 * once flipped, no command-line flag or environment variable can turn the feature back on.
 * Every fuse is set explicitly (`strictlyRequireAllFuses`), so a new fuse in a later Electron
 * fails the build until someone decides on it here.
 */
export const FUSES = {
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  // `ELECTRON_RUN_AS_NODE=1 Atmark script.js` would run any script with the app's identity.
  [FuseV1Options.RunAsNode]: false,
  // Cookies encrypted at rest with the OS keychain (Atmark keeps none today; free hardening).
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS could preload code (`--require`) into the main process.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  // `--inspect` would open a debugger on the main process.
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // The app.asar must match the hash embedded at build time (macOS and Windows check it).
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  // Only app.asar is loaded, never a loose `app/` folder someone put beside it.
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // One V8 snapshot for every process: Atmark ships no custom browser-process snapshot.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The page is served on app://, so file:// needs none of its old extra privileges.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  // Electron's default: WebAssembly bounds checks through trap handlers.
  [FuseV1Options.WasmTrapHandlers]: true,
} as const satisfies FuseV1Config;

/** What the afterPack hook is given (the fields of electron-builder's AfterPackContext it reads). */
export interface PackedApp {
  appOutDir: string;
  /** 'darwin', 'win32', 'linux' (or 'mas'). */
  electronPlatformName: string;
  /** electron-builder's Arch enum: 3 is arm64. */
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

/** The Electron binary inside a packed app: the .app bundle, the .exe, or the Linux executable. */
export function packedBinary(context: PackedApp): string {
  const name = context.packager.appInfo.productFilename;
  if (context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas') return path.join(context.appOutDir, `${name}.app`);
  if (context.electronPlatformName === 'win32') return path.join(context.appOutDir, `${name}.exe`);
  return path.join(context.appOutDir, context.packager.executableName ?? name.toLowerCase());
}

/** electron-builder's afterPack hook: flips {@link FUSES} in the packed binary. */
export async function flipPackedFuses(context: PackedApp): Promise<void> {
  const arm64Mac = context.electronPlatformName === 'darwin' && context.arch === 3;
  // Flipping fuses breaks an arm64 binary's ad-hoc signature; reset it (the real signing follows).
  await flipFuses(packedBinary(context), { ...FUSES, resetAdHocDarwinSignature: arm64Mac });
}
