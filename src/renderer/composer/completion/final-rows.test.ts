import type { Completion } from '@codemirror/autocomplete';
import { describe, expect, it } from 'vitest';
import type { CompletionItem } from '../../../shared/api/contract';
import { keepShownRows, sameItems } from './final-rows';

const row = (label: string, type = 'file'): Completion => ({ label, type });
const file = (path: string, size = 1): CompletionItem => ({ type: 'path', kind: 'file', path, size });

describe('the final rows replacing the first ones', () => {
  it('reuses the shown row of each path still listed, so a moved selection stays on it, in the final order', () => {
    const shown = [row('src/a.ts'), row('src/b.ts'), row('docs/c.md')];
    const next = [row('src/b.ts'), row('lib/new.ts'), row('src/a.ts')];
    const merged = keepShownRows(shown, next);
    expect(merged.map((r) => r.label)).toEqual(['src/b.ts', 'lib/new.ts', 'src/a.ts']);
    // The same objects: CodeMirror finds the selected row in the new list by identity.
    expect(merged[0]).toBe(shown[1]);
    expect(merged[2]).toBe(shown[0]);
    expect(merged[1]).toBe(next[1]);
    // A path that left the list is not carried over.
    expect(merged).not.toContain(shown[2]);
  });

  it('tells a file from a folder of the same label', () => {
    const shown = [row('src', 'folder')];
    const next = [row('src', 'file')];
    expect(keepShownRows(shown, next)[0]).toBe(next[0]);
  });

  it('treats answers as equal only with the same items in the same order', () => {
    expect(sameItems([file('a'), file('b')], [file('a'), file('b')])).toBe(true);
    expect(sameItems([file('a'), file('b')], [file('b'), file('a')])).toBe(false);
    expect(sameItems([file('a')], [file('a'), file('b')])).toBe(false);
    expect(sameItems([file('a', 1)], [file('a', 2)])).toBe(false);
  });
});
