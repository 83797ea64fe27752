import type { Completion } from '@codemirror/autocomplete';
import { describe, expect, it } from 'vitest';
import { REFERENCE_COMPLETION_DEFAULTS, rowEnvOf } from './config';
import { enabledFirst, moreRow, rowClass, type RowCompletion } from './ranking';

const env = { ...rowEnvOf(REFERENCE_COMPLETION_DEFAULTS), pathLimit: 3 };

describe('ranking: what comes first, and the last row', () => {
  it('puts rows that would fail after the rest, each group in its order', () => {
    const rows: RowCompletion[] = [{ label: 'a.ico', disabled: true }, { label: 'b.md' }, { label: 'c.bin', disabled: true }, { label: 'd.md' }];
    expect(enabledFirst(rows).map((r) => r.label)).toEqual(['b.md', 'd.md', 'a.ico', 'c.bin']);
    expect(enabledFirst(rows).map(rowClass)).toEqual(['', '', 'cm-completion-disabled', 'cm-completion-disabled']);
  });

  it('adds a "more" row, last and inert, only when the list reached the path limit', () => {
    expect(moreRow(2, env)).toEqual([]);
    const [more] = moreRow(3, env) as [Completion];
    expect(more.detail).toMatch(/best 3/);
    expect(more.boost).toBeLessThan(-50);
  });
});
