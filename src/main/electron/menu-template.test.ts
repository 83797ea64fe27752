import { describe, expect, it } from 'vitest';
import { buildMenuTemplate, flattenMenu, guideFileName, ROLE_LABELS, type MenuOptions } from './menu-template';

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
    expect(help?.submenu?.map((i) => i.command?.type)).toEqual(['docs', 'showLogs', 'about']);
    expect(item(base, 'About Atmark')).toBeDefined();
  });

  it('speaks the language it is given', () => {
    expect(buildMenuTemplate({ ...base, language: 'ja' })[0]?.label).toBe('ファイル');
    expect(buildMenuTemplate({ ...base, language: 'ko' })[0]?.label).toBe('파일');
  });

  const everyItem = (options: MenuOptions) => [false, true].flatMap((isPackaged) => flattenMenu(buildMenuTemplate({ ...options, isPackaged })));

  it.each(['en', 'ja', 'ko'] as const)('labels every item, standard roles included, in %s on every platform', (language) => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const items = everyItem({ ...base, platform, language });
      const unlabelled = items.filter((i) => i.type !== 'separator' && !i.label?.trim());
      expect(unlabelled, `${platform}`).toEqual([]);
      // Every role the template uses has a label from the catalogues.
      for (const i of items.filter((x) => x.role)) expect(Object.keys(ROLE_LABELS), `${i.role}`).toContain(i.role);
    }
  });

  it.each(['ja', 'ko'] as const)('has no English label left in %s (the paths and the app name aside)', (language) => {
    const english = new Set(everyItem({ ...base, platform: 'darwin', language: 'en' }).map((i) => i.label));
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const leftInEnglish = everyItem({ ...base, platform, language })
        .filter((i) => i.type !== 'separator')
        .map((i) => i.label ?? '')
        .filter((label) => label !== 'Atmark' && !base.recent.includes(label) && (english.has(label) || !/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u.test(label)));
      expect(leftInEnglish, platform).toEqual([]);
    }
  });

  it('gives the role items the words of each language', () => {
    const label = (language: 'en' | 'ja' | 'ko', role: string) => flattenMenu(buildMenuTemplate({ ...base, platform: 'darwin', language })).find((i) => i.role === role)?.label;
    expect([label('en', 'copy'), label('ja', 'copy'), label('ko', 'copy')]).toEqual(['Copy', 'コピー', '복사']);
    expect([label('en', 'selectAll'), label('ja', 'selectAll'), label('ko', 'selectAll')]).toEqual(['Select All', 'すべてを選択', '모두 선택']);
    expect([label('en', 'quit'), label('ja', 'quit'), label('ko', 'quit')]).toEqual(['Quit Atmark', 'Atmark を終了', 'Atmark 종료']);
  });

  it('opens the guide in the language of the UI', () => {
    expect([guideFileName('en'), guideFileName('ja'), guideFileName('ko')]).toEqual(['README.md', 'README.ja.md', 'README.ko.md']);
  });
});
