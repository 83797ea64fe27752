#!/usr/bin/env node
// `npm start`: the Electron app where an Electron binary is installed; otherwise the same composer
// served by the browser host and opened as an app window of Chromium, Chrome or Edge (or the
// default browser), with one sentence saying why. Shows each build step, always prints the
// address, and never a stack trace.
// Options: --workspace DIR opens a folder at start; --port N picks the browser host's port.
// Environment: ATMARK_BROWSER=PATH picks the browser; ATMARK_START=browser skips Electron.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appWindowCommand } from './app-window.mjs';
import { electronBinary } from './electron-binary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// This script runs before anything is built, so its few sentences live here, not in the catalogues,
// in the system's language (LC_ALL, LC_MESSAGES, LANGUAGE, LANG), as the window's are. An address
// ends its line, so no word of any language is taken for part of it.
const TEXTS = {
  en: {
    noElectron: 'The Electron app cannot start here because no Electron binary is installed; Atmark opens as an app window of your browser instead.',
    buildingApp: 'Building the app',
    buildingHost: 'Building the browser host',
    buildingPage: 'Building the composer page',
    running: (url) => `Atmark is running at ${url}`,
    openedApp: (browser) => `Opened it as an app window of ${browser}. If no window appears, open the address above in your browser.`,
    openedDefault: 'Opened it in your default browser. If nothing opens, open the address above in your browser.',
    notOpened: 'No browser could be started: open the address above in your browser.',
    stop: 'Press Ctrl+C to stop.',
    portInUse: (port) => `Atmark could not start: port ${port} is already in use; choose another with --port, or leave it out to pick a free one.`,
    failed: (reason) => `Atmark could not start: ${reason}`,
  },
  ja: {
    noElectron: 'Electron の実行ファイルがないため、デスクトップアプリは起動できません。代わりにブラウザーのアプリウィンドウで Atmark を開きます。',
    buildingApp: 'アプリをビルドしています',
    buildingHost: 'ブラウザー用ホストをビルドしています',
    buildingPage: '入力画面をビルドしています',
    running: (url) => `Atmark が動いています。アドレス:\n${url}`,
    openedApp: (browser) => `${browser} のアプリウィンドウで開きました。ウィンドウが出ないときは、上のアドレスをブラウザーで開いてください。`,
    openedDefault: '既定のブラウザーで開きました。何も開かないときは、上のアドレスをブラウザーで開いてください。',
    notOpened: 'ブラウザーを起動できませんでした。上のアドレスをブラウザーで開いてください。',
    stop: '止めるには Ctrl+C を押します。',
    portInUse: (port) => `Atmark を起動できません: ポート ${port} は使用中です。--port で別のポートを選ぶか、指定せずに空いているポートを使ってください。`,
    failed: (reason) => `Atmark を起動できません: ${reason}`,
  },
  ko: {
    noElectron: 'Electron 실행 파일이 설치되어 있지 않아 데스크톱 앱을 시작할 수 없습니다. 대신 브라우저의 앱 창으로 Atmark를 엽니다.',
    buildingApp: '앱을 빌드하는 중',
    buildingHost: '브라우저 호스트를 빌드하는 중',
    buildingPage: '입력 화면을 빌드하는 중',
    running: (url) => `Atmark가 실행 중입니다. 주소:\n${url}`,
    openedApp: (browser) => `${browser} 앱 창으로 열었습니다. 창이 보이지 않으면 위 주소를 브라우저에서 여세요.`,
    openedDefault: '기본 브라우저로 열었습니다. 아무것도 열리지 않으면 위 주소를 브라우저에서 여세요.',
    notOpened: '브라우저를 시작할 수 없습니다. 위 주소를 브라우저에서 여세요.',
    stop: '멈추려면 Ctrl+C를 누르세요.',
    portInUse: (port) => `Atmark를 시작할 수 없습니다: 이미 사용 중인 포트입니다(${port}). --port로 다른 포트를 고르거나, 지정하지 않으면 빈 포트를 씁니다.`,
    failed: (reason) => `Atmark를 시작할 수 없습니다: ${reason}`,
  },
};

/** The system's language, as the CLI and the browser host read it; English when it names none of ours. */
function systemLanguage(env) {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANGUAGE', 'LANG']) {
    for (const tag of (env[name] ?? '').split(':')) {
      const primary = tag.trim().toLowerCase().split(/[-_.@]/)[0];
      if (primary in TEXTS) return primary;
    }
  }
  return 'en';
}

const TEXT = TEXTS[systemLanguage(process.env)];

function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}

function fail(sentence) {
  process.stderr.write(`${sentence}\n`);
  process.exit(1);
}

/** Prints `label…` now and ` done (N.N s)` when the returned function is called. */
function step(label) {
  const started = Date.now();
  process.stdout.write(`${label}…`);
  return () => process.stdout.write(` done (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

async function startElectron(binary) {
  const { build } = await import('electron-vite');
  const done = step(TEXT.buildingApp);
  await build({ root, logLevel: 'warn' });
  done();
  const workspace = option('workspace');
  // The folder goes on the command line, as a person's second launch or a file manager gives it.
  const args = [root, ...(workspace ? [path.resolve(workspace)] : [])];
  const child = spawn(binary, args, { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}

async function startBrowserHost() {
  process.stdout.write(`${TEXT.noElectron}\n`);
  // The host is TypeScript: bundle it once with esbuild (packages stay external) and import it.
  let done = step(TEXT.buildingHost);
  const { bundleForNode } = await import('./bundle-ts.mjs');
  const outfile = path.join(root, 'node_modules', '.cache', 'atmark-run', 'host.mjs');
  await bundleForNode(path.join(root, 'src/main/host/index.ts'), outfile, { logLevel: 'error' });
  const host = await import(pathToFileURL(outfile).href);
  done();
  done = step(TEXT.buildingPage);
  await host.ensureRendererBuild(host.defaultRendererDir());
  done();
  const workspace = option('workspace');
  const port = option('port');
  const running = await host.serve({ workspace: workspace ? path.resolve(workspace) : undefined, port: port ? Number(port) : undefined });
  process.stdout.write(`${TEXT.running(running.url)}\n`);
  openWindow(running.url, path.join(host.defaultUserDataDir(), 'app-window'));
  process.stdout.write(`${TEXT.stop}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(0); // a second Ctrl+C does not wait
    stopping = true;
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Opens `url` as an app window (a profile of its own in `profileDir`), else in the default browser. */
function openWindow(url, profileDir) {
  const launch = appWindowCommand({ url, platform: process.platform, env: process.env, profileDir, exists: isFile });
  const child = spawn(launch.command, launch.args, { stdio: 'ignore', detached: true });
  child.once('spawn', () => process.stdout.write(`${launch.kind === 'app-window' ? TEXT.openedApp(path.basename(launch.command)) : TEXT.openedDefault}\n`));
  child.once('error', () => process.stdout.write(`${TEXT.notOpened}\n`));
  child.unref();
}

try {
  const binary = process.env.ATMARK_START === 'browser' ? null : electronBinary(root);
  if (binary) await startElectron(binary);
  else await startBrowserHost();
} catch (error) {
  if (error?.code === 'EADDRINUSE') fail(TEXT.portInUse(option('port')));
  fail(TEXT.failed(error instanceof Error ? error.message.split('\n')[0] : String(error)));
}
