import { text, translate, type Language, type MessageKey } from '../../shared/i18n';

/**
 * The application menu as plain data, built from Electron's standard roles where one exists (so
 * the Edit shortcuts work on macOS, where they exist only through the menu) and commands of ours
 * otherwise. Pure: `menu.ts` turns it into Electron's menu and routes the commands; a test reads
 * it. Packaged builds have no Reload and no DevTools.
 */

/** What a menu item of ours does. */
export type MenuCommand =
  | { type: 'openFolder' }
  | { type: 'openRecent'; path: string }
  | { type: 'export' }
  | { type: 'settings' }
  | { type: 'docs' }
  | { type: 'showLogs' }
  | { type: 'about' };

/** One item, in the shape of Electron's `MenuItemConstructorOptions` (the fields used here). */
export interface MenuItemSpec {
  label?: string;
  /** One of Electron's standard roles (`undo`, `copy`, `quit`, ...). */
  role?: string;
  type?: 'separator';
  accelerator?: string;
  enabled?: boolean;
  submenu?: MenuItemSpec[];
  command?: MenuCommand;
}

/** What the menu depends on. */
export interface MenuOptions {
  platform: NodeJS.Platform;
  /** True in an installed build: no Reload, no DevTools. */
  isPackaged: boolean;
  appName: string;
  /** Recent workspaces that still exist, newest first. */
  recent: readonly string[];
  language: Language;
}

const separator: MenuItemSpec = { type: 'separator' };

/**
 * The catalogue key of each standard role's label. Electron labels a role item itself only in
 * English on Windows and Linux (macOS translates a few from the system), so every role gets its
 * label from the catalogues, in the language of the UI rather than the OS.
 */
export const ROLE_LABELS = {
  undo: 'menu.undo',
  redo: 'menu.redo',
  cut: 'menu.cut',
  copy: 'menu.copy',
  paste: 'menu.paste',
  selectAll: 'menu.selectAll',
  reload: 'menu.reload',
  forceReload: 'menu.forceReload',
  toggleDevTools: 'menu.toggleDevTools',
  resetZoom: 'menu.resetZoom',
  zoomIn: 'menu.zoomIn',
  zoomOut: 'menu.zoomOut',
  togglefullscreen: 'menu.fullScreen',
  minimize: 'menu.minimize',
  zoom: 'menu.zoom',
  front: 'menu.front',
  close: 'menu.close',
  quit: 'menu.quit',
  hide: 'menu.hide',
  hideOthers: 'menu.hideOthers',
  unhide: 'menu.unhide',
  services: 'menu.services',
  about: 'menu.about',
  help: 'menu.help',
} as const satisfies Record<string, MessageKey>;

/** A role of {@link ROLE_LABELS}. */
export type MenuRole = keyof typeof ROLE_LABELS;

/**
 * The whole menu bar for `options`: every item labelled in `options.language`, standard roles
 * included; the recent workspaces' paths are their own labels.
 */
export function buildMenuTemplate(options: MenuOptions): MenuItemSpec[] {
  const say = (key: MessageKey, params?: Record<string, string>) => translate(text(key, params), options.language);
  /** A standard role, labelled in the UI language (`{{name}}` is the app's name). */
  const role = (name: MenuRole, extra: Partial<MenuItemSpec> = {}): MenuItemSpec => ({ role: name, label: say(ROLE_LABELS[name], { name: options.appName }), ...extra });
  const mac = options.platform === 'darwin';
  const settings: MenuItemSpec = { label: say('menu.settings'), accelerator: 'CmdOrCtrl+,', command: { type: 'settings' } };
  const recent: MenuItemSpec[] =
    options.recent.length === 0
      ? [{ label: say('menu.noRecent'), enabled: false }]
      : options.recent.map((path) => ({ label: path, command: { type: 'openRecent', path } }));

  const appMenu: MenuItemSpec = {
    label: options.appName,
    submenu: [role('about'), separator, settings, separator, role('services'), separator, role('hide'), role('hideOthers'), role('unhide'), separator, role('quit')],
  };
  const file: MenuItemSpec = {
    label: say('menu.file'),
    submenu: [
      { label: say('menu.openFolder'), accelerator: 'CmdOrCtrl+O', command: { type: 'openFolder' } },
      { label: say('menu.recent'), submenu: recent },
      separator,
      { label: say('menu.export'), accelerator: 'CmdOrCtrl+Shift+E', command: { type: 'export' } },
      ...(mac ? [separator, role('close')] : [separator, settings, separator, role('quit')]),
    ],
  };
  const edit: MenuItemSpec = {
    label: say('menu.edit'),
    submenu: [role('undo'), role('redo'), separator, role('cut'), role('copy'), role('paste'), separator, role('selectAll')],
  };
  const developer: MenuItemSpec[] = options.isPackaged ? [] : [role('reload'), role('forceReload'), role('toggleDevTools'), separator];
  const view: MenuItemSpec = {
    label: say('menu.view'),
    submenu: [...developer, role('resetZoom'), role('zoomIn'), role('zoomOut'), separator, role('togglefullscreen')],
  };
  const window: MenuItemSpec = { label: say('menu.window'), submenu: mac ? [role('minimize'), role('zoom'), separator, role('front')] : [role('minimize'), role('close')] };
  const help: MenuItemSpec = role('help', {
    submenu: [
      { label: say('menu.docs'), command: { type: 'docs' } },
      { label: say('menu.showLogs'), command: { type: 'showLogs' } },
      { label: say('menu.about', { name: options.appName }), command: { type: 'about' } },
    ],
  });
  return [...(mac ? [appMenu] : []), file, edit, view, window, help];
}

/** Every item of `template`, depth first (for tests and for finding items by command). */
export function flattenMenu(template: readonly MenuItemSpec[]): MenuItemSpec[] {
  return template.flatMap((item) => [item, ...flattenMenu(item.submenu ?? [])]);
}

/**
 * The guide Help opens for `language`: the README in that language, shipped with the app beside
 * the English one (electron-builder.ts, extraResources).
 */
export function guideFileName(language: Language): string {
  return language === 'en' ? 'README.md' : `README.${language}.md`;
}
