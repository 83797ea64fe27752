import { describe, expect, it } from 'vitest';
import { folderFromArgv, pathFromFileUrl } from './launch-folder';

const packaged = { defaultApp: false, cwd: '/home/me', platform: 'linux' as const };
const dev = { defaultApp: true, cwd: '/home/me/atmark', platform: 'linux' as const };

describe('the folder a launch names', () => {
  it.each([
    [['/opt/Atmark/atmark', '/home/me/code/project'], packaged, '/home/me/code/project'],
    [['/opt/Atmark/atmark', 'code/project'], packaged, '/home/me/code/project'],
    [['/opt/Atmark/atmark', '--no-sandbox', '--user-data-dir=/tmp/x', 'project'], packaged, '/home/me/project'],
    [['/Applications/Atmark.app/Contents/MacOS/Atmark', '-psn_0_12345', '/Users/me/p'], packaged, '/Users/me/p'],
    [['electron', '.', '/home/me/code/project'], dev, '/home/me/code/project'],
    [['electron', '/home/me/atmark', 'sub'], dev, '/home/me/atmark/sub'],
    [['/opt/Atmark/atmark', 'ノート/日本語'], packaged, '/home/me/ノート/日本語'],
    // `%F`: the file manager's plain paths, spaces and all (one argument each).
    [['/opt/Atmark/atmark', '/home/me/My Notes/報告 2026'], packaged, '/home/me/My Notes/報告 2026'],
    // `%U`: file:// URIs, percent-encoded, with or without a trailing slash or `localhost`.
    [['/opt/Atmark/atmark', 'file:///home/me/code/project'], packaged, '/home/me/code/project'],
    [['/opt/Atmark/atmark', 'file:///home/me/code/project/'], packaged, '/home/me/code/project'],
    [['/opt/Atmark/atmark', 'file://localhost/home/me/p'], packaged, '/home/me/p'],
    [['/opt/Atmark/atmark', 'file:///home/me/%E3%83%8E%E3%83%BC%E3%83%88/a%20b'], packaged, '/home/me/ノート/a b'],
    [['/opt/Atmark/atmark', '--no-sandbox', 'file:///home/me/x'], packaged, '/home/me/x'],
    // A URI on another machine is not a folder here; the next argument may be.
    [['/opt/Atmark/atmark', 'file://server/share', '/home/me/y'], packaged, '/home/me/y'],
  ])('%j -> %s', (argv, context, expected) => {
    expect(folderFromArgv(argv, context)).toBe(expected);
  });

  it.each([
    [['/opt/Atmark/atmark'], packaged],
    [['/opt/Atmark/atmark', '--inspect=9229'], packaged],
    [['/opt/Atmark/atmark', 'https://example.com/'], packaged],
    [['/opt/Atmark/atmark', 'smb://server/share'], packaged],
    [['/opt/Atmark/atmark', 'file://evil.example/etc'], packaged],
    [['/opt/Atmark/atmark', 'file:///home/me/a%2fb'], packaged],
    [['/opt/Atmark/atmark', 'file:///home/me/a%00b'], packaged],
    [['electron', '.'], dev],
    [['electron', '.', '--enable-logging'], dev],
    [[], packaged],
  ])('%j names no folder', (argv, context) => {
    expect(folderFromArgv(argv, context)).toBeNull();
  });

  it("reads a Windows file URI with the drive and the platform's separators", () => {
    expect(pathFromFileUrl('file:///C:/Users/me/%E3%83%97%E3%83%AD%E3%82%B8%E3%82%A7%E3%82%AF%E3%83%88', 'win32')).toBe('C:\\Users\\me\\プロジェクト');
    expect(pathFromFileUrl('file:///home/me', 'win32')).toBeNull();
    expect(pathFromFileUrl('not a url', 'linux')).toBeNull();
  });
});
