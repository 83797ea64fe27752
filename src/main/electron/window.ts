import { app, BrowserWindow, screen } from 'electron';
import path from 'node:path';
import { APP_PAGE_URL } from './app-protocol-policy';
import type { AppLocation } from './security-policy';
import { spellcheckEnabled } from './security-policy';
import { MIN_SIZE, restoreWindowState } from './window-state';

/** Where the built files are, relative to the main bundle (`out/main/index.js`). */
export interface AppFiles {
  preload: string;
  /** The built renderer folder, served on `app://atmark/`. */
  rendererRoot: string;
  /** electron-vite's dev server, from ELECTRON_RENDERER_URL, in development. */
  devServerUrl?: string;
}

/** The files of this build. */
export function appFiles(mainDir: string, env: NodeJS.ProcessEnv = process.env): AppFiles {
  return {
    preload: path.join(mainDir, '..', 'preload', 'index.cjs'),
    rendererRoot: path.join(mainDir, '..', 'renderer'),
    devServerUrl: env.ELECTRON_RENDERER_URL || undefined,
  };
}

/** The app page's location, for the security policy. */
export function appLocation(files: AppFiles): AppLocation {
  return { pageUrl: APP_PAGE_URL, devServerUrl: files.devServerUrl };
}

/**
 * Creates the main window, sandboxed with context isolation and no Node, no webviews, no
 * DevTools in packaged builds; the preload exposes only the API. `savedState` is the window state
 * remembered last time (see window-state.ts); it is moved on screen if its monitor is gone.
 */
export function createMainWindow(files: AppFiles, savedState: unknown): BrowserWindow {
  const workAreas = [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((d) => d.workArea);
  const restored = restoreWindowState(savedState, workAreas);
  const window = new BrowserWindow({
    ...restored.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Atmark',
    show: false,
    webPreferences: {
      preload: files.preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      // A middle click would otherwise open a link in a new window (denied anyway; one check fewer).
      disableBlinkFeatures: 'Auxclick',
      devTools: !app.isPackaged,
      spellcheck: spellcheckEnabled(process.platform),
    },
  });
  window.once('ready-to-show', () => {
    if (restored.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(files.devServerUrl ?? APP_PAGE_URL);
  return window;
}
