import type { Completion } from '@codemirror/autocomplete';
import { describe, expect, it } from 'vitest';
import { parseReferences } from '../../../shared/grammar';
import { KIND_DESCRIPTORS } from '../../../shared/kinds';
import { editorHolder } from '../../../../test-support/editor-holder';
import { REFERENCE_COMPLETION_DEFAULTS, rowEnvOf } from './config';
import { itemRow } from './item-rows';

const env = (language: 'en' | 'ja' | 'ko' = 'en') => ({ ...rowEnvOf(REFERENCE_COMPLETION_DEFAULTS), language });

function picked(typed: string, row: Completion): string {
  const holder = editorHolder(typed);
  (row.apply as (...a: unknown[]) => void)(holder.view, row, typed.lastIndexOf('@'), typed.length);
  return holder.state.doc.toString();
}

describe('itemRow: commits and results offered by the main process', () => {
  it('a commit row inserts the count that reaches it, and names the commit in the UI language', () => {
    const row = itemRow({ type: 'commit', count: 3, subject: 'Fix the meter', shortId: 'a1b2c3d' }, 'git', env());
    expect(parseReferences(picked('@git:', row))[0]).toMatchObject({ kind: 'git', count: 3 });
    expect(row.detail).toContain('a1b2c3d');
    expect(row.detail).toContain('Fix the meter');
    expect(row.type).toBe(KIND_DESCRIPTORS.git.chip.icon);
    const ko = itemRow({ type: 'commit', count: 3, subject: '계량기 수정', shortId: 'a1b2c3d' }, 'git', env('ko')).detail ?? '';
    expect(ko).not.toMatch(/commits?/);
  });

  it('a result row inserts a reference to that result, with its summary', () => {
    const row = itemRow({ type: 'result', id: 'r-20261205-01', summary: '要約: 三つの指摘' }, 'result', env());
    expect(parseReferences(picked('@result:r', row))[0]).toMatchObject({ kind: 'result', value: 'r-20261205-01' });
    expect(row.detail).toBe('要約: 三つの指摘');
  });

  it('a path goes to its path row', () => {
    expect(itemRow({ type: 'path', kind: 'folder', path: 'docs', size: null }, null, env()).label).toBe('docs/');
  });
});
