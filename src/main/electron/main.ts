import { app, BrowserWindow, Menu, safeStorage } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_NAMES, type CallName } from '../../shared/api/channels';
import { contentSecurityPolicy } from '../../shared/csp';
import { resolveLanguage, type Language, type LanguageChoice } from '../../shared/i18n';
import { logCall, logCrash, logEvent, createLogFile } from '../logs';
import type { Services } from '../services';
import { defaultUserDataDir } from '../settings/user-data-dir';
import { APP_ID, COPYRIGHT } from './app-identity';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { registerIpc } from './ipc';
import { folderFromArgv } from './launch-folder';
import { installMenu, toElectronMenu } from './menu';
import { aboutOptions, dockMenuFor, jumpListFor } from './os-integration';
import { electronPlatform } from './platform';
import { installSecurity } from './security';
import { appFiles, appLocation, createMainWindow } from './window';
import { watchWindow } from './window-recovery';
import { captureWindowState } from './window-state';

/**
 * The Electron entry: one window, locked down (./security), its page served on `app://` with the
 * header CSP (./app-protocol), the services behind IPC (./ipc), a menu of standard roles
 * (./menu). The window shows first; the engine and services load after it (a dynamic import), so
 * its half a second of module loading never delays the window.
 *
 * A folder opens from the command line (`atmark DIR`, or a file manager's `%F`/`%U`), from a
 * second launch (the single-instance lock hands it over), or dropped on the dock icon
 * (`open-file`). `ATMARK_WORKSPACE` also opens a folder at start; `ATMARK_USER_DATA` moves the
 * settings folder and the logs (tests give each run a fresh one).
 *
 * The menu, dialogs and About panel speak the UI language of Settings (the system's when it says
 * `system`), rebuilt when it changes. A page that crashes or hangs is reloaded with its draft
 * (./window-recovery). Events go to a log file in the app's logs folder (../logs), never text.
 */

const mainDir = path.dirname(fileURLToPath(import.meta.url));
const files = appFiles(mainDir);
const location = appLocation(files);
// The settings folder the browser host uses too (Electron's default would follow productName and
// differ on Linux); ATMARK_USER_DATA moves it.
app.setPath('userData', process.env.ATMARK_USER_DATA || defaultUserDataDir());
const userData = app.getPath('userData');
const windowStateFile = path.join(userData, 'window-state.json');
// Logs beside the settings, except in macOS's own Logs folder (~/Library/Logs/Atmark), where
// Console finds them.
app.setAppLogsPath(process.platform === 'darwin' && !process.env.ATMARK_USER_DATA ? undefined : path.join(userData, 'logs'));
const log = createLogFile(app.getPath('logs'));
// Watched, not handled: Electron's own reporting of an uncaught error stays as it is.
process.on('uncaughtExceptionMonitor', (error) => logCrash(log, 'main', error));

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
  /** The UI language chosen in Settings, once read; `system` or unknown follows the system. */
  let languageChoice: LanguageChoice | undefined;
  const language = (): Language => resolveLanguage(languageChoice, [app.getLocale(), ...app.getPreferredSystemLanguages()]);
  log.info('start', { version: app.getVersion(), electron: process.versions.electron, platform: process.platform, packaged: app.isPackaged });
  // The taskbar groups windows, pins and shows the jump list under the installer's id.
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);

  // Both must happen before the app is ready.
  registerAppScheme();
  app.enableSandbox();
  app.on('child-process-gone', (_event, details) => log.warn('child-process-gone', { type: details.type, reason: details.reason }));

  async function openFolder(folder: string): Promise<void> {
    if (!servicesReady) {
      pendingFolder = folder;
      return;
    }
    const services = await servicesReady;
    const opened = await services.call('openWorkspace', { path: folder });
    afterCall('openWorkspace', opened);
  }

  const menuActions = {
    window: () => window,
    openFolder,
    pickAndOpenFolder: async () => {
      const picked = await electronPlatform(() => window, language).pickFolder?.();
      if (picked) await openFolder(picked);
    },
    logsFolder: () => app.getPath('logs'),
  };

  /** The menu, the About panel, the jump list and the Dock menu, for the recent workspaces and the language now. */
  async function refreshMenu(): Promise<void> {
    const recentResult = servicesReady ? await (await servicesReady).call('recentWorkspaces', {}) : null;
    const recent = recentResult?.ok ? recentResult.value : [];
    const lang = language();
    installMenu(recent, lang, menuActions);
    app.setAboutPanelOptions(aboutOptions({ name: app.name, version: app.getVersion(), electron: process.versions.electron, chrome: process.versions.chrome, copyright: COPYRIGHT, language: lang }));
    if (process.platform === 'win32') app.setJumpList(jumpListFor(recent, process.execPath, lang));
    if (process.platform === 'darwin') app.dock?.setMenu(Menu.buildFromTemplate(toElectronMenu(dockMenuFor(recent, lang), menuActions, lang)));
  }

  /**
   * After each call of the page (and main's own opening of a folder): the log; the menu rebuilt
   * when the language in Settings or the recent workspaces may have changed; the OS's recent
   * documents told of an opened folder.
   */
  function afterCall(name: CallName, result: unknown): void {
    logCall(log, name, result);
    const value = (result as { ok?: boolean; value?: unknown }).ok ? (result as { value: unknown }).value : undefined;
    if (value === undefined) return;
    if (name === 'getSettings' || name === 'saveSettings') {
      const choice = (value as { language?: LanguageChoice }).language;
      if (choice === languageChoice) return;
      languageChoice = choice;
      void refreshMenu();
    } else if ((name === 'openWorkspace' || name === 'pickWorkspace') && value !== null) {
      app.addRecentDocument((value as { root: string }).root);
      void refreshMenu();
    }
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
      platform: electronPlatform(() => window, language),
      // The engine runs in a worker thread (out/main/engine-worker.js) so git, tokenizing and page
      // extraction never stall the thread that answers the window.
      engineFactory: engineFactoryFor(engineWorkerScript(mainDir)),
    });
  }

  function open(services: Promise<Services>): void {
    window = createMainWindow(files, readWindowState());
    const shown = window;
    const unregister = registerIpc(services, location, shown, afterCall);
    watchWindow(shown, services, log, language);
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
    // The refusal's reason names the URL, which may carry a token: the log gets the kind only.
    installSecurity(location, () => log.warn('refused'));
    await serveAppScheme(files.rendererRoot, contentSecurityPolicy({ kind: 'electron' }));
    // The window first; the engine's modules load on the next turn, while it paints.
    const services: Promise<Services> = new Promise((resolve, reject) => setImmediate(() => loadServices().then(resolve, reject)));
    servicesReady = services;
    void services.then(
      (ready) => EVENT_NAMES.forEach((name) => ready.on(name, (payload) => logEvent(log, name, payload))),
      (error: unknown) => logCrash(log, 'services', error),
    );
    open(services);
    app.on('activate', () => BrowserWindow.getAllWindows().length === 0 && open(services));
    await services;
    pendingFolder = null;
    // The language chosen in Settings, for the menu before the page has asked for the settings.
    afterCall('getSettings', await (await services).call('getSettings', {}));
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
