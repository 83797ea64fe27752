import { describe, expect, it } from 'vitest';
import { atmarkSettingsDirs } from '../guards/protected-paths';
import { defaultUserDataDir } from './user-data-dir';

describe("Atmark's settings folder", () => {
  it.each([
    ['linux', {}, '/home/me/.config/atmark'],
    ['linux', { XDG_CONFIG_HOME: '/home/me/xdg' }, '/home/me/xdg/atmark'],
    ['darwin', {}, '/home/me/Library/Application Support/Atmark'],
  ] as const)('on %s (%j) is %s, the same for the app and the browser host', (platform, env, expected) => {
    expect(defaultUserDataDir(platform, env, '/home/me')).toBe(expected);
  });

  it('is one the guards protect from attachment', () => {
    for (const platform of ['linux', 'darwin'] as const) expect(atmarkSettingsDirs('/home/me')).toContain(defaultUserDataDir(platform, {}, '/home/me'));
  });
});
