import path from 'node:path';
import { text, translate, type Language } from '../../shared/i18n';
import type { MenuItemSpec } from './menu-template';

/**
 * What Atmark tells the operating system, as pure functions of the app's facts and the recent
 * workspaces: the About panel, the Windows taskbar identity and jump list, the macOS Dock menu.
 * `main.ts` hands them to Electron (`app.setAboutPanelOptions`, `app.setAppUserModelId`,
 * `app.setJumpList`, `app.dock.setMenu`); tests read them here.
 */

export { APP_ID } from './app-identity';

/** The facts the About panel shows. */
export interface AboutFacts {
  name: string;
  version: string;
  /** process.versions.electron (and chrome), where they exist. */
  electron?: string;
  chrome?: string;
  copyright: string;
  language: Language;
}

/** Electron's `AboutPanelOptionsOptions`, the fields used. */
export interface AboutOptions {
  applicationName: string;
  applicationVersion: string;
  version: string;
  copyright: string;
  credits: string;
  authors: string[];
}

/**
 * The About panel on every OS: Linux shows nothing unless these are set; macOS and Windows show
 * the version, the licence in the copyright line and the credits in the UI language.
 */
export function aboutOptions(facts: AboutFacts): AboutOptions {
  const engine = [facts.electron ? `Electron ${facts.electron}` : null, facts.chrome ? `Chromium ${facts.chrome}` : null].filter(Boolean).join(', ');
  return {
    applicationName: facts.name,
    applicationVersion: facts.version,
    // macOS shows it in parentheses after the version: the runtime, which security fixes depend on.
    version: engine,
    copyright: facts.copyright,
    credits: translate(text('about.credits'), facts.language),
    authors: ['The Atmark contributors'],
  };
}

/** How many recent workspaces the jump list and the Dock menu offer. */
export const RECENT_IN_OS_MENUS = 8;

/** One entry of a Windows jump list (Electron's `JumpListItem`, the fields used). */
export interface JumpTask {
  type: 'task';
  title: string;
  description: string;
  program: string;
  args: string;
  iconPath: string;
  iconIndex: number;
}

/**
 * The jump list: one custom category of recent workspaces, each starting Atmark (`exePath`) on
 * that folder (the single-instance lock hands it to the running app). A path Windows' command
 * line cannot quote (one holding `"`) is left out.
 */
export function jumpListFor(recent: readonly string[], exePath: string, language: Language): Array<{ type: 'custom'; name: string; items: JumpTask[] }> {
  const items = recent
    .filter((folder) => !folder.includes('"') && folder.trim() !== '')
    .slice(0, RECENT_IN_OS_MENUS)
    .map((folder) => ({ type: 'task' as const, title: path.win32.basename(folder) || folder, description: folder, program: exePath, args: `"${folder.replace(/\\+$/, (m) => m + m)}"`, iconPath: exePath, iconIndex: 0 }));
  return items.length === 0 ? [] : [{ type: 'custom', name: translate(text('menu.recent'), language), items }];
}

/** The Dock menu: Open Folder…, then the recent workspaces (full paths, as under File). */
export function dockMenuFor(recent: readonly string[], language: Language): MenuItemSpec[] {
  const say = (key: 'menu.openFolder') => translate(text(key), language);
  const folders = recent.slice(0, RECENT_IN_OS_MENUS).map((folder) => ({ label: folder, command: { type: 'openRecent' as const, path: folder } }));
  return [{ label: say('menu.openFolder'), command: { type: 'openFolder' } }, ...(folders.length ? [{ type: 'separator' as const }, ...folders] : [])];
}
