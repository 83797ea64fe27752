import { app, Menu, shell, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import path from 'node:path';
import { eventChannel } from '../../shared/api/channels';
import type { Language } from '../../shared/i18n';
import { buildMenuTemplate, guideFileName, type MenuCommand, type MenuItemSpec } from './menu-template';

/** What the menu's commands need from the rest of the app. */
export interface MenuActions {
  window(): BrowserWindow | null;
  /** The system folder dialog, then open the folder as the workspace. */
  pickAndOpenFolder(): Promise<void>;
  openFolder(path: string): Promise<void>;
  /** The folder the log file is in (log-file.ts). */
  logsFolder(): string;
}

/**
 * Installs the application menu (menu-template.ts) for `recent` in `language`, routing its
 * commands: folders open in main; Export… and Settings… are the page's to do, sent to it as a
 * `menuCommand` event. Call again when the recent workspaces or the UI language change.
 */
export function installMenu(recent: readonly string[], language: Language, actions: MenuActions): void {
  const template = buildMenuTemplate({ platform: process.platform, isPackaged: app.isPackaged, appName: app.name, recent, language });
  Menu.setApplicationMenu(Menu.buildFromTemplate(toElectronMenu(template, actions, language)));
}

/** `template` as Electron's menu options, its commands routed to `actions` (the Dock menu too). */
export function toElectronMenu(template: readonly MenuItemSpec[], actions: MenuActions, language: Language): MenuItemConstructorOptions[] {
  return template.map((item) => toElectron(item, actions, language));
}

function toElectron(item: MenuItemSpec, actions: MenuActions, language: Language): MenuItemConstructorOptions {
  const { command, submenu, role, type, ...rest } = item;
  return {
    ...rest,
    ...(type ? { type } : {}),
    ...(role ? { role: role as MenuItemConstructorOptions['role'] } : {}),
    ...(submenu ? { submenu: submenu.map((s) => toElectron(s, actions, language)) } : {}),
    ...(command ? { click: () => void run(command, actions, language) } : {}),
  };
}

async function run(command: MenuCommand, actions: MenuActions, language: Language): Promise<void> {
  const send = (name: 'export' | 'settings') => {
    const window = actions.window();
    if (window && !window.isDestroyed()) window.webContents.send(eventChannel('menuCommand'), { command: name });
  };
  switch (command.type) {
    case 'openFolder':
      return actions.pickAndOpenFolder();
    case 'openRecent':
      return actions.openFolder(command.path);
    case 'export':
    case 'settings':
      return send(command.type);
    case 'about':
      return app.showAboutPanel();
    case 'docs': {
      // The guide in the UI language ships beside the app (extraResources), readable offline.
      const name = guideFileName(language);
      await shell.openPath(app.isPackaged ? path.join(process.resourcesPath, 'docs', name) : path.join(app.getAppPath(), name));
      return;
    }
    case 'showLogs':
      await shell.openPath(actions.logsFolder());
      return;
  }
}
