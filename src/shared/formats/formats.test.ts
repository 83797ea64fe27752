import { describe, expect, it } from 'vitest';
import { i18nInstance, LANGUAGES, translate } from '../i18n';
import { documentFormatOfName, isFlowingText, isImageFormat, isMailOrPage, isTableFile, isWorkbookName, unitOf } from '../documents';
import { DOCUMENT_FORMATS, DOCUMENT_UNITS, FORMAT_DESCRIPTORS, unitKeys, unitRangeText, type DocumentFormat } from '.';

/**
 * The format list is complete: every format has one descriptor, found by its name, extensions no
 * other format claims, and words in every language for its catalogue key and its range's unit.
 * (That every format has a reader and is recognised by its bytes is checked in main:
 * src/main/extraction/document-formats.test.ts.)
 */
describe('document format descriptors', () => {
  it('name every format once, and find each by its name', () => {
    expect(DOCUMENT_FORMATS.length).toBeGreaterThanOrEqual(19);
    // Two descriptors with one name would leave one of them out of the table by name.
    expect(new Set(DOCUMENT_FORMATS).size).toBe(DOCUMENT_FORMATS.length);
    expect(Object.keys(FORMAT_DESCRIPTORS)).toEqual(DOCUMENT_FORMATS);
    for (const format of DOCUMENT_FORMATS) expect(FORMAT_DESCRIPTORS[format].name).toBe(format);
  });

  it('give each extension to one format, lowercase, and the name finds it in any case', () => {
    const owners = new Map<string, string[]>();
    for (const format of DOCUMENT_FORMATS) {
      for (const ext of FORMAT_DESCRIPTORS[format].extensions) {
        expect(ext).toMatch(/^[a-z0-9]+$/);
        owners.set(ext, [...(owners.get(ext) ?? []), format]);
        expect([documentFormatOfName(`報告.${ext}`), documentFormatOfName(`A/B.${ext.toUpperCase()}`)]).toEqual([format, format]);
      }
    }
    expect([...owners].filter(([, formats]) => formats.length > 1)).toEqual([]);
    expect([documentFormatOfName('notes.emlx'), documentFormatOfName('pdf'), documentFormatOfName('a.constructor')]).toEqual([null, null, null]);
  });

  it('give every catalogue key and unit words in English, Japanese and Korean', () => {
    const i18n = i18nInstance();
    const keys = [...DOCUMENT_FORMATS.map((f) => FORMAT_DESCRIPTORS[f].catalogue.name), ...DOCUMENT_UNITS.flatMap(unitKeys)];
    const missing: string[] = [];
    for (const key of keys) {
      for (const lng of LANGUAGES) {
        // A count key (`doc.count.page`) exists in its `_one` / `_other` forms.
        const found = i18n.exists(key, { lng, fallbackLng: false, count: 2 } as never) || i18n.exists(key, { lng, fallbackLng: false } as never);
        if (!found) missing.push(`${key} (${lng})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('answer the questions about each format as before the descriptors (a new format adds to these, never changes them)', () => {
    const answers = (test: (f: DocumentFormat) => boolean, formats: DocumentFormat[]) => formats.map((f) => `${f}: ${test(f)}`);
    const all: DocumentFormat[] = ['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'hwp', 'hwpx', 'csv', 'tsv', 'eml', 'msg', 'html', 'mhtml', 'png', 'jpeg', 'webp', 'gif'];
    const holding = (formats: DocumentFormat[]) => all.map((f) => `${f}: ${formats.includes(f)}`);
    expect(answers(isTableFile, all)).toEqual(holding(['csv', 'tsv']));
    expect(answers(isImageFormat, all)).toEqual(holding(['png', 'jpeg', 'webp', 'gif']));
    expect(answers(isMailOrPage, all)).toEqual(holding(['eml', 'msg', 'html', 'mhtml']));
    expect(answers(isFlowingText, all)).toEqual(holding(['docx', 'odt', 'eml', 'msg', 'html', 'mhtml', 'png', 'jpeg', 'webp', 'gif']));
    expect(['a.xlsx', 'a.XLSM', 'a.ods', 'a.odp', 'a.csv'].map(isWorkbookName)).toEqual([true, true, true, false, false]);
    expect((['pdf', 'xlsx', 'pptx', 'odp', 'hwp', 'hwpx', 'csv', 'docx'] as const).map(unitOf)).toEqual(['page', 'sheet', 'slide', 'slide', 'section', 'section', 'row', null]);
    expect(isImageFormat('constructor')).toBe(false);
  });

  it('say a range in the words of each language', () => {
    expect(translate(unitRangeText('page', 3, 5), 'en')).toBe('pages 3–5');
    expect(translate(unitRangeText('slide', 2, 2), 'en')).toBe('slide 2');
    expect(translate(unitRangeText('page', 3, 5), 'ja')).toBe('3–5 ページ');
    expect(translate(unitRangeText('row', 7, 7), 'ko')).toBe('7행');
  });
});
