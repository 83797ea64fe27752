import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../shared/limits';
import { referenceCompletionConfig, rowEnvOf } from './config';

const settingsOf = (...configs: Parameters<typeof referenceCompletionConfig.of>[0][]) =>
  EditorState.create({ extensions: configs.map((c) => referenceCompletionConfig.of(c)) }).facet(referenceCompletionConfig);

describe('referenceCompletionConfig: the facet completion is configured by', () => {
  it('with nothing given, has no API, English, the product limit and 30 paths', () => {
    const env = rowEnvOf(settingsOf());
    expect(env).toEqual({ api: null, language: 'en', maxBytes: DEFAULT_LIMITS.maxReferenceBytes, pathLimit: 30 });
  });

  it('reads the language and the limit when rows are built, not when configured', () => {
    let language: 'en' | 'ko' = 'en';
    const settings = settingsOf({ language: () => language, maxReferenceBytes: () => 1000 });
    language = 'ko';
    expect(rowEnvOf(settings)).toMatchObject({ language: 'ko', maxBytes: 1000 });
  });

  it('takes the smaller path limit of two, and refuses two different languages', () => {
    expect(settingsOf({ pathLimit: 10 }, { pathLimit: 50 }).pathLimit).toBe(10);
    expect(() => settingsOf({ language: () => 'ja' }, { language: () => 'ko' })).toThrow(/language/);
  });
});
