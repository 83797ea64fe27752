import { EditorSelection, EditorState, type TransactionSpec } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { ExpansionResult, ExpandedReference } from '../../shared/expansion';
import { text } from '../../shared/i18n';
import { parseReferences } from '../../shared/grammar';
import { chipInfos, shortName } from './chip-info';
import { referencesState } from './chips';
import { compositionEndedEffect } from './ime';

/** Applies `specs` in turn to a state holding `doc`, returning the final state. */
function run(doc: string, ...specs: TransactionSpec[]): EditorState {
  let state = EditorState.create({ doc, extensions: [referencesState], selection: EditorSelection.cursor(doc.length) });
  for (const spec of specs) state = state.update(spec).state;
  return state;
}

const type = (at: number, text: string): TransactionSpec => ({ changes: { from: at, insert: text }, selection: { anchor: at + text.length }, userEvent: 'input.type' });

describe('referencesState: which references are chips', () => {
  it('a reference being typed stays plain text until the cursor leaves it', () => {
    const state = run('see ', type(4, '@file:src/ma'));
    const value = state.field(referencesState);
    expect(value.refs.map((r) => r.raw)).toEqual(['@file:src/ma']);
    expect(value.editing).toBe(4);
    const after = state.update(type(16, ' ')).state.field(referencesState);
    expect(after.editing).toBeNull();
  });

  it('a completion makes a chip at once', () => {
    const state = run('see ', { changes: { from: 4, insert: '@diff ' }, selection: { anchor: 10 }, userEvent: 'input.complete' });
    expect(state.field(referencesState).editing).toBeNull();
  });

  it('backspacing inside a reference being typed keeps it plain; moving away makes it a chip', () => {
    const typed = run('', type(0, '@file:abc'));
    const fixed = typed.update({ changes: { from: 8, to: 9 }, selection: { anchor: 8 }, userEvent: 'delete.backward' }).state;
    expect(fixed.field(referencesState).editing).toBe(0);
    const moved = fixed.update({ selection: { anchor: 0 } }).state;
    expect(moved.field(referencesState).editing).toBeNull();
  });

  it('uses the one grammar: emails and unknown kinds are not chips', () => {
    const state = run('mail me@file:x or @word:y, or (see @file:a.ts).');
    expect(state.field(referencesState).refs.map((r) => r.raw)).toEqual(['@file:a.ts']);
  });
});

function ref(raw: string, status: ExpandedReference['status'], tokens: number, warnings: ExpandedReference['warnings'] = []): ExpandedReference {
  return { raw, kind: 'file', target: raw, lineStart: null, lineEnd: null, status, bytes: 0, tokens, sha256: null, source: null, from: 0, to: raw.length, warnings, block: null, description: null };
}

describe('chipInfos', () => {
  const result = {
    references: [
      ref('@file:a.ts', 'attached', 12),
      ref('@file:b.ts', 'attached', 5, [{ code: 'redacted', reference: '@file:b.ts', message: '1 secret redacted' }]),
      ref('@file:.env', 'blocked', 0, [{ code: 'blocked', reference: '@file:.env', message: 'sensitive' }]),
      ref('@file:gone', 'not_found', 0, [{ code: 'not_found', reference: '@file:gone', message: 'file not found' }]),
    ],
  } as unknown as ExpansionResult;

  it('maps statuses to ok, warning and blocked, with tokens for attached ones', () => {
    const infos = chipInfos(result, {});
    expect(infos.get('@file:a.ts')).toEqual({ state: 'ok', tokens: 12, detail: 'attached, 12 tokens' });
    expect(infos.get('@file:b.ts')?.state).toBe('warning');
    expect(infos.get('@file:.env')).toMatchObject({ state: 'blocked', tokens: null, detail: 'sensitive' });
    expect(infos.get('@file:gone')?.state).toBe('warning');
  });

  it('speaks the UI language: a warning with a catalogue text in it, else its English sentence', () => {
    const withText = {
      references: [
        ref('@file:gone', 'not_found', 0, [{ code: 'not_found', reference: '@file:gone', message: 'file not found', text: text('fs.notFound', { kind: text('kind.file'), shown: 'gone' }) }]),
        ref('@file:old', 'not_found', 0, [{ code: 'not_found', reference: '@file:old', message: 'file not found' }]),
        ref('@file:a.ts', 'attached', 12345),
      ],
    } as unknown as ExpansionResult;
    const ja = chipInfos(withText, {}, 'ja');
    expect(ja.get('@file:gone')?.detail).toMatch(/^ファイルが見つかりません: gone/);
    expect(ja.get('@file:old')?.detail).toBe('file not found');
    expect(ja.get('@file:a.ts')?.detail).toBe('添付済み、12,345 トークン');
    expect(chipInfos(withText, { '@diff': 'resolving' }, 'ko').get('@diff')?.detail).toBe('확인 중…');
  });

  it('progress of the expansion in flight shows resolving', () => {
    expect(chipInfos(result, { '@file:a.ts': 'resolving' }).get('@file:a.ts')?.state).toBe('resolving');
    expect(chipInfos(null, { '@diff': 'resolving' }).get('@diff')?.state).toBe('resolving');
  });

  it('a document being read says how far it has come, in the UI language', () => {
    const units = { '@file:long.pdf': { done: 11, total: 80, unit: 'page' as const } };
    const reading = chipInfos(null, { '@file:long.pdf': 'resolving' }, 'en', units).get('@file:long.pdf');
    expect(reading).toMatchObject({ state: 'resolving', tokens: null, progress: 'page 12 of 80', detail: 'reading page 12 of 80…' });
    expect(chipInfos(null, { '@file:long.pdf': 'resolving' }, 'ja', units).get('@file:long.pdf')?.progress).toBe('80 ページ中 12 ページ目');
    expect(chipInfos(null, { '@file:long.pdf': 'resolving' }, 'ko', units).get('@file:long.pdf')?.progress).toBe('80쪽 중 12쪽');
    // Before the count is known, and once it is done, no progress is shown.
    expect(chipInfos(null, { '@file:long.pdf': 'resolving' }, 'en', { '@file:long.pdf': { done: 0, total: null, unit: 'page' } }).get('@file:long.pdf')?.progress).toBeUndefined();
    expect(chipInfos(null, { '@file:long.pdf': 'done' }, 'en', units).get('@file:long.pdf')).toBeUndefined();
  });
});

describe('shortName', () => {
  it.each([
    ['@file:src/lib/a.ts', 'a.ts'],
    ['@file:src/a.ts:3-9', 'a.ts:3-9'],
    ['@file:"my notes.md":4', 'my notes.md:4'],
    ['@file:docs/paper.pdf:3-5', 'paper.pdf, pages 3–5'],
    ['@file:deck.pptx:2', 'deck.pptx, slide 2'],
    ['@file:book.xlsx:1-2', 'book.xlsx, sheets 1–2'],
    ['@folder:src/lib', 'lib/'],
    ['@diff', 'unstaged changes'],
    ['@staged', 'staged changes'],
    ['@git:1', 'last commit'],
    ['@git:3', 'last 3 commits'],
    ['@url:https://example.com/a/b', 'example.com'],
  ])('%s -> %s', (raw, name) => {
    const [parsed] = parseReferences(raw);
    expect(parsed && shortName(parsed)).toBe(name);
  });

  it.each([
    ['@diff', 'ja', '未ステージの変更'],
    ['@git:3', 'ja', '直近 3 件のコミット'],
    ['@staged', 'ko', '스테이징된 변경'],
    ['@git:1', 'ko', '최근 커밋 1개'], // Korean has one plural form: the count is always shown
    ['@file:src/a.ts:3-9', 'ko', 'a.ts:3-9'],
    ['@file:docs/paper.pdf:3-5', 'ja', 'paper.pdf、3–5 ページ'],
    ['@file:deck.pptx:2', 'ko', 'deck.pptx, 슬라이드 2'],
    ['@file:book.xlsx:1-2', 'ja', 'book.xlsx、シート 1–2'],
  ] as const)('%s in %s -> %s', (raw, language, name) => {
    const [parsed] = parseReferences(raw);
    expect(parsed && shortName(parsed, language)).toBe(name);
  });
});

describe('referencesState: IME compositions', () => {
  const compose = (from: number, to: number, text: string): TransactionSpec => ({
    changes: { from, to, insert: text },
    selection: { anchor: from + text.length },
    userEvent: 'input.type.compose',
  });
  const end: TransactionSpec = { effects: compositionEndedEffect.of(null) };
  const raws = (state: EditorState) => state.field(referencesState).refs.map((r) => [r.raw, r.from, r.to]);

  it('composing right after a chip neither turns it into text nor extends it', () => {
    // A romaji `s` on its way to `す`: parsed now, `@diffs` would be no reference at all.
    const composing = run('see @diff', compose(9, 9, 's'), compose(9, 10, 'す'));
    expect(raws(composing)).toEqual([['@diff', 4, 9]]);
    expect(composing.field(referencesState).composing).toEqual({ from: 9, to: 10 });
    expect(composing.field(referencesState).editing).toBeNull();
    const committed = composing.update(end).state;
    expect(raws(committed)).toEqual([['@diff', 4, 9]]);
    expect(committed.field(referencesState).composing).toBeNull();
  });

  it('a chip whose path a composition runs into keeps its range until the commit', () => {
    const composing = run('@file:src/app.ts', compose(16, 16, 'w'));
    expect(raws(composing)).toEqual([['@file:src/app.ts', 0, 16]]);
    const committed = composing.update(compose(16, 17, 'を')).state.update(end).state;
    expect(raws(committed)).toEqual([['@file:src/app.ts', 0, 16]]);
  });

  it('a value composed after `@file:` stays plain text while composing and after the commit', () => {
    const typed = run('', type(0, '@file:'));
    const composing = typed.update(compose(6, 6, 'めも')).state;
    expect(composing.field(referencesState).editing).toBe(0);
    const committed = composing.update(end).state;
    expect(raws(committed)).toEqual([['@file:めも', 0, 8]]);
    expect(committed.field(referencesState).editing).toBe(0);
  });

  it('an ordinary change ends the frozen state and parses again', () => {
    const state = run('see @diff', compose(9, 9, 's'), type(10, ' '));
    expect(state.field(referencesState).composing).toBeNull();
    expect(raws(state)).toEqual([]);
  });
});
