import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'electron-builder';
import { flipPackedFuses } from './build/fuses';
import { APP_ID, COPYRIGHT } from './src/main/electron/app-identity';

/**
 * How Atmark is packaged (electron-builder; `npm run dist`). Resources live in build/: the icon's
 * source and its generated sizes (scripts/make-icons.mjs), the macOS entitlements, the Linux
 * desktop entry. Only what `electron-vite build` wrote to out/ ships, with the production
 * dependencies: no sources, tests, maps or dev dependencies. Fuses are flipped after packing
 * (build/fuses.ts).
 */

/** The keys of build/atmark.desktop's [Desktop Entry], the one source of the Linux entry. */
export function desktopEntry(file = path.join(__dirname, 'build', 'atmark.desktop')): Record<string, string> {
  const entry: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^([A-Za-z0-9-]+(?:\[[A-Za-z_@]+\])?)=(.*)$/.exec(line);
    if (match?.[1] && match[2] !== undefined) entry[match[1]] = match[2];
  }
  return entry;
}

const config: Configuration = {
  appId: APP_ID,
  productName: 'Atmark',
  executableName: 'atmark',
  copyright: COPYRIGHT,
  directories: { output: 'release', buildResources: 'build' },
  files: [
    'out/**/*',
    'package.json',
    '!**/*.map',
    '!**/*.{ts,tsx,md,markdown}',
    '!**/{test,tests,__tests__,docs,example,examples}/**',
    '!**/*.{test,spec}.{js,mjs,cjs}',
    // gpt-tokenizer ships every encoding three times (ESM, CommonJS, raw data). Atmark counts
    // o200k_base itself: it imports only the pre-token pattern from ESM and checks the raw
    // o200k_base.tiktoken against the rank file built into out/main/ (it parses it only when that
    // file is missing). The rest, the rank modules included, is about 20 MiB nobody loads.
    '!node_modules/gpt-tokenizer/{cjs,src}/**',
    '!node_modules/gpt-tokenizer/data/{cl100k_base,p50k_base,r50k_base}.tiktoken',
    '!node_modules/gpt-tokenizer/data/TestPlans.txt',
    '!node_modules/gpt-tokenizer/esm/bpeRanks/**',
    // The system keychain binding serves the browser host (`atmark serve`); the app keeps keys with
    // Electron's safeStorage, so its native module (about 3 MiB per platform) stays out.
    '!node_modules/@napi-rs/**',
    // pdf.js: Node runs only the legacy build (extraction/pdf.ts imports legacy/build/pdf.mjs, which
    // loads pdf.worker.mjs beside it), with its cmaps and wasm decoders. The modern build, the
    // viewer, the separate image decoders, the minified and sandbox copies and the types are about
    // 20 MiB nobody loads; the standard fonts only draw glyphs, and Atmark reads text without them.
    '!node_modules/pdfjs-dist/{build,web,image_decoders,types,standard_fonts}/**',
    '!node_modules/pdfjs-dist/legacy/{web,image_decoders}/**',
    '!node_modules/pdfjs-dist/legacy/build/{pdf.min.mjs,pdf.worker.min.mjs,pdf.sandbox.mjs,pdf.sandbox.min.mjs}',
    // exceljs: Node loads excel.js and lib/; dist/ is its browser build.
    '!node_modules/exceljs/dist/**',
    // OCR (extraction/ocr-engine.ts): Node runs tesseract.js's worker script from src/ inside the
    // extraction worker, with the LSTM-only cores (relaxed SIMD for Electron, SIMD for Node, plain
    // for CPUs without SIMD) and the best_int models. The browser bundles, the legacy-engine cores,
    // the cores' base64 copies (.wasm.js) and the legacy+LSTM models (34 MiB) are never loaded.
    '!node_modules/tesseract.js/{dist,scripts}/**',
    '!node_modules/tesseract.js/karma.conf.js',
    '!node_modules/tesseract.js-core/*.wasm.js',
    '!node_modules/tesseract.js-core/tesseract-core{,-simd,-relaxedsimd}.{js,wasm}',
    '!node_modules/@tesseract.js-data/*/4.0.0/**',
    // zlibjs is tesseract.js's browser gunzip; in Node it uses node:zlib.
    '!node_modules/zlibjs/bin/**',
  ],
  // The guide opens from Help; it ships beside the app, readable without a network.
  extraResources: [
    { from: 'README.md', to: 'docs/README.md' },
    { from: 'README.ja.md', to: 'docs/README.ja.md' },
    { from: 'README.ko.md', to: 'docs/README.ko.md' },
    { from: 'docs', to: 'docs', filter: ['*.md', 'screenshots/*.png'] },
  ],
  asar: true,
  // No dependency is a native module, so nothing is rebuilt for Electron (which would download headers).
  npmRebuild: false,
  // The worker threads load from app.asar (Electron reads asar in worker threads since 17), so
  // nothing needs unpacking.
  asarUnpack: [],
  afterPack: (context) => flipPackedFuses(context as never),
  mac: {
    category: 'public.app-category.developer-tools',
    icon: 'build/icons/icon.icns',
    hardenedRuntime: true,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    target: [
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ],
    // Notarised when the release workflow provides Apple credentials (APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID).
    notarize: Boolean(process.env.APPLE_TEAM_ID),
    // Folders are what Atmark opens: a folder dropped on the Dock icon or opened with Finder's
    // "Open With" reaches app.on('open-file') only when Info.plist declares it can open them.
    extendInfo: {
      CFBundleDocumentTypes: [{ CFBundleTypeName: 'Folder', CFBundleTypeRole: 'Viewer', LSHandlerRank: 'Alternate', LSItemContentTypes: ['public.folder'] }],
    },
  },
  dmg: { writeUpdateInfo: false },
  win: {
    icon: 'build/icons/icon.ico',
    target: [{ target: 'nsis', arch: ['x64', 'arm64'] }],
  },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true, differentialPackage: false },
  linux: {
    icon: 'build/icons',
    category: 'Development',
    synopsis: 'A prompt composer with @-references',
    // The deb's Maintainer field; give it a reachable address before the first public release.
    maintainer: 'The Atmark contributors',
    target: [
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ],
    desktop: { entry: desktopEntry() },
    // File managers then pass plain paths (`%F`) rather than file:// URIs (electron-builder's
    // default `%U`); launch-folder.ts accepts both.
    executableArgs: ['%F'],
  },
  deb: { packageCategory: 'devel' },
  // The release workflow uploads the installers itself; nothing is published from here.
  publish: null,
};

export default config;
