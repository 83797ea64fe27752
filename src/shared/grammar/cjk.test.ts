import { describe, expect, it } from 'vitest';
import { canStartReference } from './start';
import { formatReference, formatValue } from './format';
import { parseReferences } from './parse';
import type { ReferenceKind } from '../reference';
import { translate } from '../i18n/translate';
import type { Text } from '../i18n/text';

/** The English words of a malformed reference's sentence. */
const words = (t: Text | undefined): string => (t ? translate(t, 'en') : '');

/**
 * References inside Japanese, Chinese and Korean prose (docs/grammar.md, "Japanese, Chinese and
 * Korean"). Each row: the message, then every reference found as [raw, value, lineStart, lineEnd].
 */
type Found = [raw: string, value: string, lineStart?: number, lineEnd?: number];

function found(text: string): Found[] {
  return parseReferences(text).map((r): Found => {
    expect(r.malformed, `${r.raw} in ${text}`).toBeUndefined();
    expect(text.slice(r.from, r.to)).toBe(r.raw);
    return r.lineStart === undefined ? [r.raw, r.value] : [r.raw, r.value, r.lineStart, r.lineEnd];
  });
}

const NFC = (s: string) => s.normalize('NFC');
const NFD = (s: string) => s.normalize('NFD');

describe('the rows of issue 9', () => {
  const rows: Array<[string, Found[]]> = [
    ['これは@file:src/app.tsです', [['@file:src/app.ts', 'src/app.ts']]],
    ['@file:src/app.tsを見てください', [['@file:src/app.ts', 'src/app.ts']]],
    ['@file:src/app.ts。', [['@file:src/app.ts', 'src/app.ts']]],
    ['@file:src/app.ts:10-20。', [['@file:src/app.ts:10-20', 'src/app.ts', 10, 20]]],
    ['@diffを見て', [['@diff', '']]],
    ['@diff를 확인', [['@diff', '']]],
    ['@file:src/app.ts를 봐주세요', [['@file:src/app.ts', 'src/app.ts']]],
    ['（@file:src/app.ts）', [['@file:src/app.ts', 'src/app.ts']]],
    ['「@file:a.ts」を参照', [['@file:a.ts', 'a.ts']]],
  ];
  it.each(rows)('%j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('where a reference starts', () => {
  const rows: Array<[string, Found[]]> = [
    ['変更は@diffです', [['@diff', '']]],
    ['カタカナ@diff', [['@diff', '']]],
    ['ひらがな@staged', [['@staged', '']]],
    ['한국어@diff', [['@diff', '']]],
    ['中文@file:a.ts', [['@file:a.ts', 'a.ts']]],
    ['見て、@file:a.ts', [['@file:a.ts', 'a.ts']]],
    ['終わり。@git:2', [['@git:2', '2']]],
    ['「@diff」', [['@diff', '']]],
    ['【@file:a.ts】', [['@file:a.ts', 'a.ts']]],
    ['全角！@diff', [['@diff', '']]],
    ['長音ー@diff', [['@diff', '']]],
    ['\u3000@diff', [['@diff', '']]],
    ['𠮷@diff', [['@diff', '']]],
    ['메일은 user@example.com 입니다', []],
    ['連絡先：user@example.com', []],
    ['これはuser@example.comです', []],
    ['ann_@file:x', []],
    ['docs/@file:x', []],
    ['docs／@file:x', []],
    ['ａ@file:x', []],
    ['１@file:x', []],
    ['ñ@diff', []],
    ['Привет@diff', []],
  ];
  it.each(rows)('%j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('completion and the parser share one start predicate', () => {
    for (const [text] of rows) {
      const at = text.search(/[@＠]/);
      const parsed = parseReferences(text).some((r) => r.from === at);
      expect(canStartReference(text, at), text).toBe(parsed);
    }
  });
});

describe('where an unquoted value ends in CJK prose', () => {
  const rows: Array<[string, Found[]]> = [
    // Sentence punctuation and closers, CJK and full width.
    ['@file:a.ts、次', [['@file:a.ts', 'a.ts']]],
    ['@file:a.ts，次', [['@file:a.ts', 'a.ts']]],
    ['@file:a.ts．', [['@file:a.ts', 'a.ts']]],
    ['@file:a.ts！', [['@file:a.ts', 'a.ts']]],
    ['@file:a.ts？', [['@file:a.ts', 'a.ts']]],
    ['@file:a.ts；', [['@file:a.ts', 'a.ts']]],
    ['@file:a.ts：', [['@file:a.ts', 'a.ts']]],
    ['『@file:a.ts』', [['@file:a.ts', 'a.ts']]],
    ['【@file:a.ts】', [['@file:a.ts', 'a.ts']]],
    ['〈@file:a.ts〉', [['@file:a.ts', 'a.ts']]],
    ['《@file:a.ts》', [['@file:a.ts', 'a.ts']]],
    ['〔@file:a.ts〕', [['@file:a.ts', 'a.ts']]],
    ['［@file:a.ts］', [['@file:a.ts', 'a.ts']]],
    ['｛@file:a.ts｝', [['@file:a.ts', 'a.ts']]],
    ['「@file:メモ」を参照', [['@file:メモ', 'メモ']]],
    ['（@file:メモ）。', [['@file:メモ', 'メモ']]],
    ['@file:メモ。次は', [['@file:メモ', 'メモ']]],
    // Closers with their opener inside the value stay.
    ['@file:資料（最終）.md', [['@file:資料（最終）.md', '資料（最終）.md']]],
    ['（@file:資料（最終）.md）を', [['@file:資料（最終）.md', '資料（最終）.md']]],
    ['@file:「草案」.md。', [['@file:「草案」.md', '「草案」.md']]],
    // ASCII meets CJK text.
    ['@file:README.mdを開く', [['@file:README.md', 'README.md']]],
    ['@file:src/app.tsは', [['@file:src/app.ts', 'src/app.ts']]],
    ['@folder:srcの中', [['@folder:src', 'src']]],
    ['@file:src/app.tsの10行目', [['@file:src/app.ts', 'src/app.ts']]],
    ['@file:src/app.ts에서', [['@file:src/app.ts', 'src/app.ts']]],
    ['@file:src/app.ts（メイン）を', [['@file:src/app.ts', 'src/app.ts']]],
    ['@url:https://example.com/pageを見て', [['@url:https://example.com/page', 'https://example.com/page']]],
    ['@git:3を見て', [['@git:3', '3']]],
    ['@result:r_12の結果', [['@result:r_12', 'r_12']]],
    ['@file:a.tsと@file:b.tsを比較', [['@file:a.ts', 'a.ts'], ['@file:b.ts', 'b.ts']]],
    ['@file:a.ts、@file:b.ts', [['@file:a.ts', 'a.ts'], ['@file:b.ts', 'b.ts']]],
    ['@file:a.ts와 @diff를', [['@file:a.ts', 'a.ts'], ['@diff', '']]],
    // CJK names keep going: at the start, after `/`, `_`, `-`, `.` or other CJK.
    ['@file:メモ.md', [['@file:メモ.md', 'メモ.md']]],
    ['@file:メモ.mdを見て', [['@file:メモ.md', 'メモ.md']]],
    ['@file:docs/会議メモ.md', [['@file:docs/会議メモ.md', 'docs/会議メモ.md']]],
    ['@file:docs/会議メモ.mdを確認', [['@file:docs/会議メモ.md', 'docs/会議メモ.md']]],
    ['@file:README_日本語.md', [['@file:README_日本語.md', 'README_日本語.md']]],
    ['@file:report-보고서.md를', [['@file:report-보고서.md', 'report-보고서.md']]],
    ['@file:회의록.md를 봐', [['@file:회의록.md', '회의록.md']]],
    ['@folder:문서/회의', [['@folder:문서/회의', '문서/회의']]],
    ['@file:文件/说明.txt里', [['@file:文件/说明.txt', '文件/说明.txt']]],
  ];
  it.each(rows)('%j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('where the rule guesses wrong (documented; quoting fixes each)', () => {
  const rows: Array<[string, Found[], string]> = [
    ['@file:メモを見て', [['@file:メモを見て', 'メモを見て']], '@file:"メモ"を見て'],
    ['@folder:docs/会議を見て', [['@folder:docs/会議を見て', 'docs/会議を見て']], '@folder:"docs/会議"を見て'],
    ['@file:2024年/報告.md', [['@file:2024', '2024']], '@file:"2024年/報告.md"'],
    ['@file:v2版.md', [['@file:v2', 'v2']], '@file:"v2版.md"'],
    ['@file:議事録、4月.md', [['@file:議事録', '議事録']], '@file:"議事録、4月.md"'],
    ['@file:Q3決算.xlsx', [['@file:Q3', 'Q3']], '@file:"Q3決算.xlsx"'],
    ['@file:議事録：4月.md', [['@file:議事録：4', '議事録', 4, 4]], '@file:"議事録：4月.md"'],
    ['@file:fn(x)を', [['@file:fn(x)を', 'fn(x)を']], '@file:"fn(x)"を'],
    ['@url:https://example.com/page日本語', [['@url:https://example.com/page', 'https://example.com/page']], '@url:"https://example.com/page日本語"'],
    ['@file:”a b.md”', [['@file:”a', '”a']], '@file:"a b.md"'],
  ];
  it.each(rows)('%j', (text, expected, fixed) => {
    expect(found(text)).toEqual(expected);
    const [ref] = parseReferences(fixed);
    expect(ref?.quoted).toBe(true);
    expect(fixed.startsWith(ref?.raw ?? '-')).toBe(true);
  });
});

describe('bare kinds followed directly by text', () => {
  const rows: Array<[string, Found[]]> = [
    ['@diffを見て', [['@diff', '']]],
    ['@staged는', [['@staged', '']]],
    ['@diff를 확인', [['@diff', '']]],
    ['@diff、@stagedも', [['@diff', ''], ['@staged', '']]],
    ['@diff。', [['@diff', '']]],
    ['@diffs', []],
    ['@diffｓ', []],
    ['@stagedé', []],
  ];
  it.each(rows)('%j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('syntax typed in full width by an IME', () => {
  const rows: Array<[string, Found[]]> = [
    ['＠file：src/app.ts：１０－２０', [['＠file：src/app.ts：１０－２０', 'src/app.ts', 10, 20]]],
    ['＠ｆｉｌｅ：src/app.ts：１０－２０です', [['＠ｆｉｌｅ：src/app.ts：１０－２０', 'src/app.ts', 10, 20]]],
    ['＠file:src/app.ts', [['＠file:src/app.ts', 'src/app.ts']]],
    ['@file：src/app.ts', [['@file：src/app.ts', 'src/app.ts']]],
    ['@file:src/app.ts:１０', [['@file:src/app.ts:１０', 'src/app.ts', 10, 10]]],
    ['@file:src/app.ts：３を見て', [['@file:src/app.ts：３', 'src/app.ts', 3, 3]]],
    ['@file:src/app.ts:10ー20を', [['@file:src/app.ts:10ー20', 'src/app.ts', 10, 20]]],
    ['@file:src/app.ts:10〜20', [['@file:src/app.ts:10〜20', 'src/app.ts', 10, 20]]],
    ['＠diffを', [['＠diff', '']]],
    ['＠ｄｉｆｆ', [['＠ｄｉｆｆ', '']]],
    ['＠ｇｉｔ：３件', [['＠ｇｉｔ：３', '３']]],
    ['@file:＂회의 기록.md＂를', [['@file:＂회의 기록.md＂', '회의 기록.md']]],
    ['@file:"a b.ts"：３－９', [['@file:"a b.ts"：３－９', 'a b.ts', 3, 9]]],
    // The path is never normalised: full-width letters in it stay as written.
    ['@file:ｄｏｃｓ/ａ.md', [['@file:ｄｏｃｓ/ａ.md', 'ｄｏｃｓ/ａ.md']]],
    ['＠ＦＩＬＥ：a.ts', []],
    ['＠word：x', []],
  ];
  it.each(rows)('%j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
  it('reads the count of @git typed in full width', () => {
    expect(parseReferences('＠ｇｉｔ：３件')[0]?.count).toBe(3);
  });
  it('quotes a full-width range as written in its message', () => {
    expect(words(parseReferences('@file:a.ts：９－３')[0]?.malformed)).toMatch(/"９－３"/);
  });
});

describe('quoted CJK names', () => {
  const rows: Array<[string, Found[]]> = [
    ['@file:"회의 기록.md"', [['@file:"회의 기록.md"', '회의 기록.md']]],
    ['@file:"회의 기록.md"를 봐주세요', [['@file:"회의 기록.md"', '회의 기록.md']]],
    ["「@file:'会議 メモ.md'」を参照", [["@file:'会議 メモ.md'", '会議 メモ.md']]],
    ['@file:`議事録：4月.md`:2-3を', [['@file:`議事録：4月.md`:2-3', '議事録：4月.md', 2, 3]]],
    ['@folder:"문서/회의 자료"에서', [['@folder:"문서/회의 자료"', '문서/회의 자료']]],
    ['@file:"メモ"を見て', [['@file:"メモ"', 'メモ']]],
  ];
  it.each(rows)('%j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('NFC and NFD spellings', () => {
  it.each(['가나다.md', 'ガイド.md', 'プログラム/データ.txt', 'café/メモ.md'])('%j is kept exactly as typed, NFC or NFD', (name) => {
    for (const spelled of [NFC(name), NFD(name)]) {
      const [ref] = parseReferences(`これは@file:${spelled}です`);
      expect(ref?.value).toBe(spelled);
      expect(formatValue(spelled)).toBe(spelled);
    }
  });
  it('a decomposed hangul particle still ends an ASCII value', () => {
    expect(found(`@file:a.ts${NFD('를')}`)).toEqual([['@file:a.ts', 'a.ts']]);
  });
});

describe('mixed scripts in one message', () => {
  it('reads every reference of a Japanese, Korean and English message', () => {
    const text = 'Please 見て @file:src/app.ts:3-9を、そして@diff를 확인 and (@folder:docs/会議) / mail me@example.com。@git:2件';
    expect(found(text)).toEqual([
      ['@file:src/app.ts:3-9', 'src/app.ts', 3, 9],
      ['@diff', ''],
      ['@folder:docs/会議', 'docs/会議'],
      ['@git:2', '2'],
    ]);
  });
  it('offsets index the text as written, full width included', () => {
    const text = '前置き＠file：メモ.md：１－２を、@stagedは';
    for (const ref of parseReferences(text)) expect(text.slice(ref.from, ref.to)).toBe(ref.raw);
    expect(found(text)).toEqual([['＠file：メモ.md：１－２', 'メモ.md', 1, 2], ['@staged', '']]);
  });
});

describe('round trips through the formatter', () => {
  const names = [
    'メモ.md',
    'docs/会議メモ.md',
    'docs/会議',
    'メモ',
    '회의 기록.md',
    '회의록',
    '2024年/報告.md',
    'v2版.md',
    'src/app.tsを',
    '議事録：4月.md',
    '議事録、4月.md',
    '資料（最終）.md',
    '資料）.md',
    '「草案」',
    'ＡＢＣ.md',
    NFD('가나다.md'),
    NFD('プログラム'),
    'a.ts：12',
    'memo。',
  ];
  it.each(names)('%j parses back whole, alone and inside CJK prose', (value) => {
    for (const kind of ['file', 'folder'] as ReferenceKind[]) {
      const written = formatValue(value, kind);
      expect(written).not.toBeNull();
      for (const [before, after] of [['', ''], ['これは', 'を見て'], ['이 ', '를 봐'], ['（', '）。']]) {
        const text = `${before}@${kind}:${written}${after}`;
        const refs = parseReferences(text);
        expect(refs, text).toHaveLength(1);
        expect(refs[0]?.value, text).toBe(value);
        expect(refs[0]?.malformed).toBeUndefined();
      }
    }
  });
  it.each(names)('%j with a line range parses back inside CJK prose', (value) => {
    const written = formatReference('file', value, { start: 3, end: 9 });
    expect(written).not.toBeNull();
    const [ref] = parseReferences(`これは${written}を見て`);
    expect(ref).toMatchObject({ value, lineStart: 3, lineEnd: 9, raw: written });
  });
  it('leaves names that end in ASCII bare and quotes names that end in CJK text', () => {
    expect(formatValue('docs/会議メモ.md')).toBe('docs/会議メモ.md');
    expect(formatValue('docs/会議')).toBe('"docs/会議"');
    expect(formatValue('2024年/報告.md')).toBe('"2024年/報告.md"');
    expect(formatReference('file', 'メモ.md', { start: 1, end: 2 })).toBe('@file:メモ.md:1-2');
  });
});
