import { clipboard, dialog, type BrowserWindow } from 'electron';
import { text, translate, type Language, type MessageKey } from '../../shared/i18n';
import type { Platform } from '../services';

/**
 * The services' platform hooks in Electron: the system folder and save dialogs (titled in the UI
 * language `language()` gives at the moment each opens), the clipboard.
 */
export function electronPlatform(window: () => BrowserWindow | null, language: () => Language): Platform {
  const say = (key: MessageKey) => translate(text(key), language());
  return {
    async pickFolder() {
      const parent = window();
      const options = { title: say('dialog.openFolder'), properties: ['openDirectory' as const] };
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    writeClipboard(text) {
      clipboard.writeText(text);
    },
    async chooseExportPath(suggestedName) {
      const parent = window();
      const options = { title: say('dialog.export'), defaultPath: suggestedName, filters: [{ name: say('dialog.markdown'), extensions: ['md'] }] };
      const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return result.canceled ? null : (result.filePath ?? null);
    },
  };
}
