import { describe, expect, it } from 'vitest';
import { commonStart, joinTyped, matchingNames, splitTypedPath } from './typed-path';

describe('splitTypedPath', () => {
  it.each([
    ['', { folder: '~', prefix: '' }],
    ['~', { folder: '~', prefix: '' }],
    ['~/', { folder: '~/', prefix: '' }],
    ['~/pro', { folder: '~/', prefix: 'pro' }],
    ['/home/me/pro', { folder: '/home/me/', prefix: 'pro' }],
    ['/home/me/', { folder: '/home/me/', prefix: '' }],
    ['/', { folder: '/', prefix: '' }],
    ['C:\\Users\\me\\Doc', { folder: 'C:\\Users\\me\\', prefix: 'Doc' }],
    ['proj', { folder: '', prefix: 'proj' }],
  ])('%j', (typed, expected) => {
    expect(splitTypedPath(typed)).toEqual(expected);
  });
});

describe('matching and completing names', () => {
  const entries = [{ name: 'Projects' }, { name: 'project-notes' }, { name: 'プロジェクト' }, { name: 'docs' }];
  it('matches the start of a name, ignoring case', () => {
    expect(matchingNames(entries, 'proj').map((e) => e.name)).toEqual(['Projects', 'project-notes']);
    expect(matchingNames(entries, 'プロ').map((e) => e.name)).toEqual(['プロジェクト']);
    expect(matchingNames(entries, '')).toHaveLength(4);
    expect(matchingNames(entries, 'x')).toEqual([]);
  });
  it('completes to the longest shared start', () => {
    expect(commonStart(['Projects', 'project-notes'])).toBe('Project');
    expect(commonStart(['docs'])).toBe('docs');
    expect(commonStart([])).toBe('');
  });
  it('joins with the folder separator style', () => {
    expect(joinTyped('/home/me', 'a')).toBe('/home/me/a');
    expect(joinTyped('/home/me/', 'a')).toBe('/home/me/a');
    expect(joinTyped('C:\\Users', 'me')).toBe('C:\\Users\\me');
  });
});
