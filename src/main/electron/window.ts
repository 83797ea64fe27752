import { BrowserWindow } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppLocation } from './security-policy';

/** Where the built files are, relative to the main bundle (`out/main/index.js`). */
export interface AppFiles {
  preload: string;
  rendererIndex: string;
  /** electron-vite's dev server, from ELECTRON_RENDERER_URL, in development. */
  devServerUrl?: string;
}

/** The files of this build. */
export function appFiles(mainDir: string, env: NodeJS.ProcessEnv = process.env): AppFiles {
  return {
    preload: path.join(mainDir, '..', 'preload', 'index.cjs'),
    rendererIndex: path.join(mainDir, '..', 'renderer', 'index.html'),
    devServerUrl: env.ELECTRON_RENDERER_URL || undefined,
  };
}

/** The app page's location, for the security policy. */
export function appLocation(files: AppFiles): AppLocation {
  return { rendererFileUrl: pathToFileURL(files.rendererIndex).href, devServerUrl: files.devServerUrl };
}

/**
 * Creates the main window with SPEC §2's settings: sandboxed renderer, context isolation, no Node
 * integration, no webviews; the preload exposes only the API.
 */
export function createMainWindow(files: AppFiles): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
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
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  if (files.devServerUrl) void window.loadURL(files.devServerUrl);
  else void window.loadFile(files.rendererIndex);
  return window;
}
