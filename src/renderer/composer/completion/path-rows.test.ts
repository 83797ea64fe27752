import type { Completion } from '@codemirror/autocomplete';
import { describe, expect, it } from 'vitest';
import { parseReferences } from '../../../shared/grammar';
import { editorHolder } from '../../../../test-support/editor-holder';
import { REFERENCE_COMPLETION_DEFAULTS, rowEnvOf, type RowEnv } from './config';
import { FIRST_LINES, fileDetail, pathRow, type PathItem } from './path-rows';

const env = (patch: Partial<RowEnv> = {}): RowEnv => ({ ...rowEnvOf(REFERENCE_COMPLETION_DEFAULTS), ...patch });
const file = (path: string, size: number | null, more: Partial<PathItem> = {}): PathItem => ({ type: 'path', kind: 'file', path, size, ...more });

/** The document after picking `row` for the `@word` or `@kind:value` that `typed` ends with. */
function picked(typed: string, row: Completion, after = ''): string {
  const holder = editorHolder(`${typed}${after}`, typed.length);
  const from = typed.lastIndexOf('@');
  (row.apply as (...a: unknown[]) => void)(holder.view, row, from, typed.length);
  return holder.state.doc.toString();
}

describe('pathRow: a file or folder offered by the workspace index', () => {
  it('inserts a reference that parses back to the same path, quoted when the path has a space', () => {
    for (const path of ['src/main.ts', 'notes/my notes.md', '資料/報告書.md']) {
      const text = picked('see @ma', pathRow(file(path, 120), null, env()));
      const [ref] = parseReferences(text);
      expect(ref).toMatchObject({ kind: 'file', value: path });
      expect(text.endsWith(' ')).toBe(true);
    }
    const folder = pathRow({ type: 'path', kind: 'folder', path: 'docs', size: null }, 'folder', env());
    expect(folder.label).toBe('docs/');
    expect(parseReferences(picked('@folder:do', folder))[0]).toMatchObject({ kind: 'folder', value: 'docs' });
  });

  it('leaves the space out before CJK text, where a space would not be written', () => {
    expect(picked('@fi', pathRow(file('a.md', 10), null, env()), 'を見て')).toBe('@file:a.mdを見て');
  });

  it('a text file over the per-reference limit inserts its first lines and says so; a document of the same size does not', () => {
    const big = pathRow(file('log.txt', 5000), 'file', env({ maxBytes: 1000 }));
    expect(parseReferences(picked('@file:lo', big))[0]).toMatchObject({ value: 'log.txt', lineStart: 1, lineEnd: FIRST_LINES });
    expect(big.detail).toMatch(/too large/);
    expect(big.type).toContain('too-large');
    const table = pathRow(file('rows.csv', 5000), 'file', env({ maxBytes: 1000 }));
    expect(parseReferences(picked('@file:ro', table))[0]).toMatchObject({ lineStart: 1 });
    const pdf = pathRow(file('report.pdf', 5000), 'file', env({ maxBytes: 1000 }));
    expect(parseReferences(picked('@file:re', pdf))[0]?.lineStart).toBeUndefined();
  });

  it('a binary file is a disabled row that inserts nothing, with its git marks', () => {
    const row = pathRow(file('app.ico', 2048, { binary: true, git: ['untracked'] }), null, env());
    expect(row).toMatchObject({ disabled: true, git: ['untracked'] });
    expect(row.boost).toBeLessThan(0);
    expect(picked('@ap', row)).toBe('@ap');
  });

  it('a text file says its size and a token estimate; a document its format and units, in the UI language', () => {
    expect(pathRow(file('a.md', 4000), null, env()).detail).toBe('3.9 KiB · ≈1,000 tokens');
    expect(fileDetail(file('deck.pptx', 2048, { units: { unit: 'slide', count: 12 } }), 'en')).toMatch(/12 slides/);
    expect(fileDetail(file('book.xlsx', 2048, { units: { unit: 'sheet', count: 1 } }), 'en')).toMatch(/1 sheet$/);
    expect(fileDetail(file('paper.pdf', 2048, { units: { unit: 'page', count: 9 } }), 'en')).not.toMatch(/9/);
    const ja = fileDetail(file('deck.pptx', 2048, { units: { unit: 'slide', count: 12 } }), 'ja');
    expect(ja).not.toMatch(/slides?/);
  });
});
