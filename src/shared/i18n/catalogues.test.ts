import { describe, expect, it } from 'vitest';
import { en } from './catalogues/en';
import { ja } from './catalogues/ja';
import { ko } from './catalogues/ko';
import { formatBytes, formatNumber } from './format';
import { pickLanguage, posixLanguageTags, resolveLanguage } from './languages';
import { text } from './text';
import { translate } from './translate';

/** Every leaf key of a catalogue, dotted. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`)));
}

/** The `{{name}}` placeholders of a string, without formats, sorted. */
function placeholders(s: string): string[] {
  return [...s.matchAll(/\{\{\s*([a-zA-Z]+)/g)].map((m) => m[1] as string).sort();
}

function leaf(tree: object, key: string): string {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
}

describe('the catalogues', () => {
  const reference = keys(en);

  it.each([
    ['ja', ja],
    ['ko', ko],
  ])('%s has every English key and no other', (_name, catalogue) => {
    expect(keys(catalogue).sort()).toEqual([...reference].sort());
  });

  it.each([
    ['ja', ja],
    ['ko', ko],
  ])('%s keeps every placeholder of each English sentence', (_name, catalogue) => {
    const wrong = reference.filter((k) => placeholders(leaf(catalogue, k)).join() !== placeholders(leaf(en, k)).join());
    expect(wrong).toEqual([]);
  });

  it.each([
    ['ja', ja],
    ['ko', ko],
  ])('%s translates every sentence (none left in English)', (_name, catalogue) => {
    // A sentence with Latin words and no CJK character is an English one left behind; names,
    // commands and codes that are the same in every language are listed here on purpose.
    const sameInEveryLanguage = new Set(['ui.language.name', 'ui.preset.openai', 'ui.preset.anthropic', 'ui.preset.gemini', 'ui.preset.openrouter']);
    const untranslated = reference.filter((k) => {
      const s = leaf(catalogue, k).replace(/\{\{[^}]*\}\}/g, '');
      return !sameInEveryLanguage.has(k) && /[A-Za-z]{4,}/.test(s) && !/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u.test(s);
    });
    expect(untranslated).toEqual([]);
  });
});

describe('translate', () => {
  it('fills parameters, nested texts, counts and sizes for each language', () => {
    const t = text('fs.tooLarge', { kind: text('kind.file'), shown: 'a.csv', bytes: 3 * 1024 * 1024, limit: 65536, ref: 'a.csv' });
    expect(translate(t, 'en')).toContain('file is too large to attach: a.csv is 3.0 MiB, the limit for one reference is 64 KiB.');
    expect(translate(t, 'ja')).toContain('ファイルが大きすぎて添付できません: a.csv は 3.0 MiB');
    expect(translate(t, 'ko')).toContain('파일 크기가 너무 커서');
  });

  it('chooses the plural form by count in English and formats the count for the locale', () => {
    expect(translate(text('secrets.redacted', { count: 1, tally: '1 × x' }), 'en')).toMatch(/^1 secret was redacted/);
    expect(translate(text('secrets.redacted', { count: 12345, tally: 'x' }), 'en')).toMatch(/^12,345 secrets were redacted/);
    expect(translate(text('secrets.redacted', { count: 2, tally: 'x' }), 'ja')).toMatch(/^秘密情報を 2 件伏せました/);
  });

  it('passes a plain string through untouched (stored before texts had keys)', () => {
    expect(translate('an old sentence', 'ja')).toBe('an old sentence');
  });
});

describe('choosing the language', () => {
  it.each([
    [['ja-JP'], 'ja'],
    [['ko_KR.UTF-8'], 'ko'],
    [['fr-FR', 'ko'], 'ko'],
    [['C'], 'en'],
    [['de'], 'en'],
    [[], 'en'],
  ])('%j → %s', (tags, expected) => {
    expect(pickLanguage(tags)).toBe(expected);
  });

  it('a setting overrides the system; "system" follows it', () => {
    expect(resolveLanguage('ko', ['ja-JP'])).toBe('ko');
    expect(resolveLanguage('system', ['ja-JP'])).toBe('ja');
  });

  it('LC_ALL wins over LANG in a POSIX environment', () => {
    expect(pickLanguage(posixLanguageTags({ LANG: 'en_US.UTF-8', LC_ALL: 'ja_JP.UTF-8' }))).toBe('ja');
    expect(pickLanguage(posixLanguageTags({ LANG: 'ko_KR.UTF-8' }))).toBe('ko');
  });
});

describe('locale formats', () => {
  it('sizes and numbers follow the locale', () => {
    expect(formatBytes(1536, 'ja')).toBe('1.5 KiB');
    expect(formatBytes(3 * 1024 * 1024, 'en')).toBe('3.0 MiB');
    expect(formatBytes(532, 'en')).toBe('532 B');
    expect(formatNumber(48442, 'ko')).toBe('48,442');
  });
});
