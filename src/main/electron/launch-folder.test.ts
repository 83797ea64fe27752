import { describe, expect, it } from 'vitest';
import { folderFromArgv } from './launch-folder';

const packaged = { defaultApp: false, cwd: '/home/me' };
const dev = { defaultApp: true, cwd: '/home/me/atmark' };

describe('the folder a launch names', () => {
  it.each([
    [['/opt/Atmark/atmark', '/home/me/code/project'], packaged, '/home/me/code/project'],
    [['/opt/Atmark/atmark', 'code/project'], packaged, '/home/me/code/project'],
    [['/opt/Atmark/atmark', '--no-sandbox', '--user-data-dir=/tmp/x', 'project'], packaged, '/home/me/project'],
    [['/Applications/Atmark.app/Contents/MacOS/Atmark', '-psn_0_12345', '/Users/me/p'], packaged, '/Users/me/p'],
    [['electron', '.', '/home/me/code/project'], dev, '/home/me/code/project'],
    [['electron', '/home/me/atmark', 'sub'], dev, '/home/me/atmark/sub'],
    [['/opt/Atmark/atmark', 'ノート/日本語'], packaged, '/home/me/ノート/日本語'],
  ])('%j -> %s', (argv, context, expected) => {
    expect(folderFromArgv(argv, context)).toBe(expected);
  });

  it.each([
    [['/opt/Atmark/atmark'], packaged],
    [['/opt/Atmark/atmark', '--inspect=9229'], packaged],
    [['/opt/Atmark/atmark', 'https://example.com/'], packaged],
    [['electron', '.'], dev],
    [['electron', '.', '--enable-logging'], dev],
    [[], packaged],
  ])('%j names no folder', (argv, context) => {
    expect(folderFromArgv(argv, context)).toBeNull();
  });
});
