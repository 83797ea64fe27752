import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseNotes } from './release-notes.mjs';

const changelog = ['# Changelog', '', '## Unreleased', '', '- coming', '', '## [1.2.0] - 2026-12-01', '', '- new menus', '- logs', '', '## 1.1.0', '', '- first', ''].join('\n');

describe("a release's notes from CHANGELOG.md", () => {
  it('takes the section of the tag, with or without the v and the brackets', () => {
    expect(releaseNotes(changelog, 'v1.2.0')).toBe('- new menus\n- logs');
    expect(releaseNotes(changelog, '1.1.0')).toBe('- first');
  });

  it('has none for a version without a section or with an empty one', () => {
    expect(releaseNotes(changelog, 'v9.9.9')).toBeNull();
    expect(releaseNotes('## 1.0.0\n\n## 0.9.0\n- x', 'v1.0.0')).toBeNull();
    expect(releaseNotes(changelog, 'v1.2')).toBeNull();
  });

  it("has a section for the package's version", () => {
    const root = path.resolve(__dirname, '..');
    const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
    expect(releaseNotes(readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'), `v${version}`)).toMatch(/\S/);
  });
});
