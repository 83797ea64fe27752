import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { AtmarkApi, CompletionItem } from '../../../shared/api/contract';
import { REFERENCE_KINDS } from '../../../shared/kinds';
import { referenceCompletionConfig, type ReferenceCompletionConfig } from './config';
import { referenceSource } from './source';

/**
 * The main process cannot run in a renderer test: where a case needs answers, `answering` stands
 * in for its `complete` call with fixed items and records what was asked. Cases that need no
 * answer run with no API at all.
 */
function answering(items: CompletionItem[]): { api: AtmarkApi; asked: Array<{ source: string; query: string; limit: number }> } {
  const asked: Array<{ source: string; query: string; limit: number }> = [];
  const api = {
    complete: (request: { source: string; query: string; limit: number }) => (asked.push({ source: request.source, query: request.query, limit: request.limit }), Promise.resolve({ ok: true, value: items })),
    cancel: () => Promise.resolve({ ok: true, value: true }),
  } as unknown as AtmarkApi;
  return { api, asked };
}

function complete(doc: string, config: ReferenceCompletionConfig = {}): Promise<CompletionResult | null> {
  const state = EditorState.create({ doc, extensions: referenceCompletionConfig.of(config) });
  return Promise.resolve(referenceSource(new CompletionContext(state, doc.length, false)));
}

const labels = (result: CompletionResult | null) => result?.options.map((o) => o.label);

describe('referenceSource: which rows for what is being written', () => {
  it('`@` offers every kind, filtered locally; after a full-width `＠` it filters itself', async () => {
    const half = await complete('see @');
    expect(labels(half)).toHaveLength(REFERENCE_KINDS.length - 1); // all but `@image`, which a paste writes
    expect(half?.validFor).toBeInstanceOf(RegExp);
    const full = await complete('資料は＠');
    expect(labels(full)).toEqual(labels(half));
    expect(full?.filter).toBe(false);
  });

  it('offers nothing while a line range is written, nor for a kind without a completion source', async () => {
    const { api, asked } = answering([]);
    expect(await complete('@file:a.ts:1', { api })).toBeNull();
    expect(await complete('@url:https://exa', { api })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('a bare `@word` asks for any path, and lists the kinds first, then pickable rows, the disabled ones, and "more" at the limit', async () => {
    const { api, asked } = answering([
      { type: 'path', kind: 'file', path: 'fig.ico', size: 10, binary: true },
      { type: 'path', kind: 'file', path: 'final.md', size: 10 },
    ]);
    const result = await complete('see @fi', { api, pathLimit: 2 });
    expect(asked).toEqual([{ source: 'path', query: 'fi', limit: 2 }]);
    expect(labels(result)).toEqual(['@file:', 'final.md', 'fig.ico', '…']);
    expect(result?.filter).toBe(false);
  });

  it('after a workbook\'s colon, offers its sheets from where the sheet name starts', async () => {
    const { api, asked } = answering([{ type: 'path', kind: 'file', path: 'book.xlsx', size: 4096, sheets: ['売上', 'Summary'] }]);
    const doc = '@file:book.xlsx:売';
    const result = await complete(doc, { api });
    expect(asked).toEqual([{ source: 'file', query: 'book.xlsx', limit: 30 }]);
    // A name with characters beyond ASCII letters and digits is quoted, as a spreadsheet writes it.
    expect(labels(result)).toEqual(["'売上'", 'Summary']);
    expect(result?.from).toBe(doc.length - 1);
  });

  it('`@git:` and `@result:` ask their own source and filter locally as the value is typed', async () => {
    const { api, asked } = answering([{ type: 'commit', count: 1, subject: 'Init', shortId: 'abc1234' }]);
    const result = await complete('@git:', { api });
    expect(asked[0]?.source).toBe('git');
    expect(labels(result)).toEqual(['@git:1']);
    expect(result?.validFor).toBeInstanceOf(RegExp);
  });
});
