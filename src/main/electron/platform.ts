import { clipboard, dialog, type BrowserWindow } from 'electron';
import type { Platform } from '../services';

/** The services' platform hooks in Electron: the system folder and save dialogs, the clipboard. */
export function electronPlatform(window: () => BrowserWindow | null): Platform {
  return {
    async pickFolder() {
      const parent = window();
      const options = { title: 'Open a workspace folder', properties: ['openDirectory' as const] };
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    writeClipboard(text) {
      clipboard.writeText(text);
    },
    async chooseExportPath(suggestedName) {
      const parent = window();
      const options = { title: 'Export the prompt as Markdown', defaultPath: suggestedName, filters: [{ name: 'Markdown', extensions: ['md'] }] };
      const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return result.canceled ? null : (result.filePath ?? null);
    },
  };
}
