import { describe, expect, it } from 'vitest';
import { buildMenuTemplate, flattenMenu, type MenuOptions } from './menu-template';

const base: MenuOptions = { platform: 'linux', isPackaged: true, appName: 'Atmark', recent: ['/home/me/a', '/home/me/b'], language: 'en' };
const roles = (options: MenuOptions) => flattenMenu(buildMenuTemplate(options)).map((i) => i.role).filter(Boolean);
const item = (options: MenuOptions, label: string) => flattenMenu(buildMenuTemplate(options)).find((i) => i.label === label);

describe('the application menu', () => {
  it.each(['linux', 'win32', 'darwin'] as const)('has no Reload or DevTools when packaged (%s)', (platform) => {
    const packaged = roles({ ...base, platform });
    for (const role of ['reload', 'forceReload', 'toggleDevTools']) expect(packaged).not.toContain(role);
    expect(roles({ ...base, platform, isPackaged: false })).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']));
  });

  it.each(['linux', 'win32', 'darwin'] as const)('gives Edit the standard roles (%s)', (platform) => {
    const edit = buildMenuTemplate({ ...base, platform }).find((m) => m.label === 'Edit');
    expect(edit?.submenu?.map((i) => i.role).filter(Boolean)).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
  });

  it('has Open Folder… on Mod+O, the recent workspaces and Export… under File', () => {
    const file = buildMenuTemplate(base).find((m) => m.label === 'File');
    expect(file?.submenu?.[0]).toMatchObject({ label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', command: { type: 'openFolder' } });
    expect(item(base, 'Recent Workspaces')?.submenu).toEqual([
      { label: '/home/me/a', command: { type: 'openRecent', path: '/home/me/a' } },
      { label: '/home/me/b', command: { type: 'openRecent', path: '/home/me/b' } },
    ]);
    expect(item({ ...base, recent: [] }, 'Recent Workspaces')?.submenu).toEqual([{ label: 'No recent workspaces', enabled: false }]);
    expect(item(base, 'Export…')?.command).toEqual({ type: 'export' });
  });

  it('has Settings on Mod+, (in the app menu on macOS, under File elsewhere)', () => {
    expect(item(base, 'Settings…')).toMatchObject({ accelerator: 'CmdOrCtrl+,', command: { type: 'settings' } });
    const mac = buildMenuTemplate({ ...base, platform: 'darwin' });
    expect(mac[0]?.label).toBe('Atmark');
    expect(mac[0]?.submenu?.find((i) => i.label === 'Settings…')?.accelerator).toBe('CmdOrCtrl+,');
  });

  it('has About and the guide under Help', () => {
    const help = buildMenuTemplate(base).at(-1);
    expect(help?.role).toBe('help');
    expect(help?.submenu?.map((i) => i.command?.type)).toEqual(['docs', 'about']);
    expect(item(base, 'About Atmark')).toBeDefined();
  });

  it('speaks the language it is given', () => {
    expect(buildMenuTemplate({ ...base, language: 'ja' })[0]?.label).toBe('ファイル');
    expect(buildMenuTemplate({ ...base, language: 'ko' })[0]?.label).toBe('파일');
  });
});
