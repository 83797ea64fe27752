import { describe, expect, it } from 'vitest';
import config from '../../../electron-builder';
import { aboutOptions, APP_ID, dockMenuFor, jumpListFor, RECENT_IN_OS_MENUS } from './os-integration';

describe('what Atmark tells the operating system', () => {
  it('uses one id for the installer and the Windows taskbar', () => {
    expect(config.appId).toBe(APP_ID);
  });

  it.each([
    ['en', 'made by the Atmark contributors'],
    ['ja', 'Atmark の貢献者'],
    ['ko', 'Atmark 기여자'],
  ] as const)('fills the About panel on every OS (%s)', (language, credits) => {
    const about = aboutOptions({ name: 'Atmark', version: '0.1.0', electron: '45.5.0', chrome: '142.0.1', copyright: 'Copyright © 2026 the Atmark contributors. MIT License.', language });
    expect(about).toMatchObject({ applicationName: 'Atmark', applicationVersion: '0.1.0', version: 'Electron 45.5.0, Chromium 142.0.1', copyright: expect.stringContaining('MIT License') });
    expect(about.credits).toContain(credits);
    expect(aboutOptions({ name: 'Atmark', version: '0.1.0', copyright: 'c', language }).version).toBe('');
  });

  it('offers the recent workspaces in the Windows jump list, quoted for the command line', () => {
    const [category] = jumpListFor(['C:\\Users\\me\\My Notes', 'D:\\', 'C:\\bad"name', 'C:\\Users\\me\\プロジェクト'], 'C:\\Program Files\\Atmark\\Atmark.exe', 'ja');
    expect(category?.name).toBe('最近のワークスペース');
    expect(category?.items.map((i) => [i.title, i.args])).toEqual([
      ['My Notes', '"C:\\Users\\me\\My Notes"'],
      ['D:\\', '"D:\\\\"'],
      ['プロジェクト', '"C:\\Users\\me\\プロジェクト"'],
    ]);
    expect(category?.items[0]).toMatchObject({ type: 'task', program: 'C:\\Program Files\\Atmark\\Atmark.exe', description: 'C:\\Users\\me\\My Notes' });
    expect(jumpListFor([], 'x', 'en')).toEqual([]);
    expect(jumpListFor(Array.from({ length: 20 }, (_, i) => `C:\\w${i}`), 'x', 'en')[0]?.items).toHaveLength(RECENT_IN_OS_MENUS);
  });

  it('puts Open Folder… and the recent workspaces in the Dock menu, in the UI language', () => {
    expect(dockMenuFor(['/Users/me/a', '/Users/me/b'], 'ko')).toEqual([
      { label: '폴더 열기…', command: { type: 'openFolder' } },
      { type: 'separator' },
      { label: '/Users/me/a', command: { type: 'openRecent', path: '/Users/me/a' } },
      { label: '/Users/me/b', command: { type: 'openRecent', path: '/Users/me/b' } },
    ]);
    expect(dockMenuFor([], 'en')).toEqual([{ label: 'Open Folder…', command: { type: 'openFolder' } }]);
  });
});
