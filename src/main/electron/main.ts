import { app, BrowserWindow, safeStorage } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineFactoryFor, engineWorkerScript } from '../engine';
import { createServices } from '../services';
import { createEncryptedSecretStore } from '../settings';
import { registerIpc } from './ipc';
import { electronPlatform } from './platform';
import { installSecurity } from './security';
import { appFiles, appLocation, createMainWindow } from './window';

/**
 * The Electron entry: one window, locked down (./security), the services behind IPC (./ipc).
 * `ATMARK_WORKSPACE` opens a folder at start; `ATMARK_USER_DATA` moves the settings folder (tests
 * give each run a fresh one).
 */
const files = appFiles(path.dirname(fileURLToPath(import.meta.url)));
const location = appLocation(files);
if (process.env.ATMARK_USER_DATA) app.setPath('userData', process.env.ATMARK_USER_DATA);

let window: BrowserWindow | null = null;
const services = createServices({
  workspace: process.env.ATMARK_WORKSPACE || undefined,
  userDataDir: app.getPath('userData'),
  // API keys encrypted at rest with the OS keychain; the store imports no Electron itself.
  secrets: createEncryptedSecretStore(app.getPath('userData'), safeStorage),
  platform: electronPlatform(() => window),
  // The engine runs in a worker thread (out/main/engine-worker.js) so git, tokenizing and page
  // extraction never stall the thread that answers the window.
  engineFactory: engineFactoryFor(engineWorkerScript(path.dirname(fileURLToPath(import.meta.url)))),
});

function open(): void {
  window = createMainWindow(files);
  const unregister = registerIpc(services, location, window);
  window.on('closed', () => {
    unregister();
    window = null;
  });
}

app.enableSandbox();
installSecurity(location);
void app.whenReady().then(() => {
  open();
  app.on('activate', () => BrowserWindow.getAllWindows().length === 0 && open());
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('will-quit', () => void services.close());
