import { app, BrowserWindow, safeStorage } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy } from '../../shared/csp';
import { pickLanguage, text, translate } from '../../shared/i18n';
import type { Services } from '../services';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { registerIpc } from './ipc';
import { folderFromArgv } from './launch-folder';
import { installMenu } from './menu';
import { electronPlatform } from './platform';
import { installSecurity } from './security';
import { appFiles, appLocation, createMainWindow } from './window';
import { captureWindowState } from './window-state';

/**
 * The Electron entry: one window, locked down (./security), its page served on `app://` with the
 * header CSP (./app-protocol), the services behind IPC (./ipc), a menu of standard roles
 * (./menu). The window shows first; the engine and services load after it (a dynamic import), so
 * its half a second of module loading never delays the window.
 *
 * A folder opens from the command line (`atmark DIR`), from a second launch (the single-instance
 * lock hands it over), or dropped on the dock icon (`open-file`). `ATMARK_WORKSPACE` also opens a
 * folder at start; `ATMARK_USER_DATA` moves the settings folder (tests give each run a fresh one).
 */

const mainDir = path.dirname(fileURLToPath(import.meta.url));
const files = appFiles(mainDir);
const location = appLocation(files);
if (process.env.ATMARK_USER_DATA) app.setPath('userData', process.env.ATMARK_USER_DATA);
const userData = app.getPath('userData');
const windowStateFile = path.join(userData, 'window-state.json');

// One instance per settings folder: a second one would race on the same settings and session
// files. It hands its folder to the first and quits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start();
}

function start(): void {
  let window: BrowserWindow | null = null;
  /** A folder asked for before the services were ready (macOS sends `open-file` before `ready`). */
  let pendingFolder: string | null = process.env.ATMARK_WORKSPACE || folderFromArgv(process.argv, { defaultApp: process.defaultApp === true, cwd: process.cwd() });
  let servicesReady: Promise<Services> | null = null;
  const language = () => pickLanguage([app.getLocale(), ...app.getPreferredSystemLanguages()]);

  // Both must happen before the app is ready.
  registerAppScheme();
  app.enableSandbox();

  async function openFolder(folder: string): Promise<void> {
    if (!servicesReady) {
      pendingFolder = folder;
      return;
    }
    const services = await servicesReady;
    const opened = await services.call('openWorkspace', { path: folder });
    if (!opened.ok) console.warn(translate(text('menu.openFailed', { path: folder, reason: opened.error.text ?? opened.error.message }), 'en'));
    await refreshMenu();
  }

  async function refreshMenu(): Promise<void> {
    const recent = servicesReady ? await (await servicesReady).call('recentWorkspaces', {}) : null;
    installMenu(recent?.ok ? recent.value : [], language(), {
      window: () => window,
      openFolder,
      pickAndOpenFolder: async () => {
        const picked = await electronPlatform(() => window).pickFolder?.();
        if (picked) await openFolder(picked);
      },
    });
  }

  /** The engine and services, loaded after the window is up. */
  async function loadServices(): Promise<Services> {
    const [{ createServices }, { engineFactoryFor, engineWorkerScript }, settings] = await Promise.all([import('../services'), import('../engine/worker'), import('../settings')]);
    const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null;
    const protection = settings.judgeKeyProtection(process.platform, safeStorage.isEncryptionAvailable(), backend);
    return createServices({
      workspace: pendingFolder ?? undefined,
      userDataDir: userData,
      // API keys encrypted at rest with the OS keychain, or (no keyring) kept for this run only.
      secrets: protection.store === 'encrypted' ? settings.createEncryptedSecretStore(userData, safeStorage) : settings.unprotectedSecretStore(protection.reason),
      platform: electronPlatform(() => window),
      // The engine runs in a worker thread (out/main/engine-worker.js) so git, tokenizing and page
      // extraction never stall the thread that answers the window.
      engineFactory: engineFactoryFor(engineWorkerScript(mainDir)),
    });
  }

  function open(services: Promise<Services>): void {
    window = createMainWindow(files, readWindowState());
    const shown = window;
    const unregister = registerIpc(services, location, shown);
    shown.on('close', () => saveWindowState(shown));
    shown.on('closed', () => {
      unregister();
      window = null;
    });
  }

  app.on('second-instance', (_event, argv, workingDirectory) => {
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    } else if (servicesReady) open(servicesReady);
    const folder = folderFromArgv(argv, { defaultApp: process.defaultApp === true, cwd: workingDirectory });
    if (folder) void openFolder(folder);
  });
  // A folder dropped on the dock icon, or opened with Atmark from Finder.
  app.on('open-file', (event, file) => {
    event.preventDefault();
    void openFolder(file);
  });

  void app.whenReady().then(async () => {
    installSecurity(location);
    await serveAppScheme(files.rendererRoot, contentSecurityPolicy({ kind: 'electron' }));
    // The window first; the engine's modules load on the next turn, while it paints.
    const services: Promise<Services> = new Promise((resolve, reject) => setImmediate(() => loadServices().then(resolve, reject)));
    servicesReady = services;
    open(services);
    app.on('activate', () => BrowserWindow.getAllWindows().length === 0 && open(services));
    await services;
    pendingFolder = null;
    await refreshMenu();
  });
  // The menu shows at once; its recent list fills in once the services are loaded.
  void app.whenReady().then(() => refreshMenu());

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let closing = false;
  app.on('will-quit', (event) => {
    if (closing || !servicesReady) return;
    // The draft is written and the worker threads end before the process goes.
    closing = true;
    event.preventDefault();
    void servicesReady.then((s) => s.close()).finally(() => app.quit());
  });
}

function readWindowState(): unknown {
  try {
    return JSON.parse(fs.readFileSync(windowStateFile, 'utf8'));
  } catch {
    return null; // first run, or a damaged file: the default size
  }
}

function saveWindowState(window: BrowserWindow): void {
  try {
    fs.mkdirSync(userData, { recursive: true });
    fs.writeFileSync(windowStateFile, JSON.stringify(captureWindowState(window.getNormalBounds(), window.isMaximized())));
  } catch {
    // Not remembering the window's place is no reason to stop quitting.
  }
}
