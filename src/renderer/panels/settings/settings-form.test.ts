import { describe, expect, it } from 'vitest';
import { say, type Said } from '../../i18n';
import { DEFAULT_LIMITS, LIMIT_RANGES } from '../../../shared/limits';
import { checkLimits } from './settings-form';

const sentence = (said: Said | undefined, language: 'en' | 'ja' = 'en') => (said ? say(said, language) : undefined);

describe('the limits typed in Settings', () => {
  it('are taken in the units shown: KiB, percent of the context, seconds', () => {
    const { limits, problems } = checkLimits(DEFAULT_LIMITS, { maxReferenceBytes: '128', softTokenRatio: '30', gitTimeoutMs: '45' });
    expect(problems).toEqual({});
    expect(limits).toEqual({ ...DEFAULT_LIMITS, maxReferenceBytes: 128 * 1024, softTokenRatio: 0.3, gitTimeoutMs: 45_000 });
  });

  it('out of range, are refused with the range in the field\'s unit, and the saved value stays', () => {
    const { limits, problems } = checkLimits(DEFAULT_LIMITS, { maxReferences: '0', maxReferenceBytes: '999999', gitTimeoutMs: '0.2' });
    expect(limits).toEqual(DEFAULT_LIMITS);
    expect(sentence(problems.maxReferences)).toBe('References per prompt must be from 1 to 100. Nothing was saved.');
    expect(sentence(problems.maxReferenceBytes)).toBe(`Text one reference attaches must be from 1 to ${LIMIT_RANGES.maxReferenceBytes.max / 1024} (KiB). Nothing was saved.`);
    expect(sentence(problems.gitTimeoutMs)).toMatch(/must be from 1 to 600 \(s\)/);
    expect(sentence(problems.maxReferences, 'ja')).toBe('1 つのプロンプトの参照数は 1〜100 の範囲で指定してください。保存していません。');
  });

  it('that are not numbers, or put the soft token limit above the hard one, are refused beside the field', () => {
    expect(sentence(checkLimits(DEFAULT_LIMITS, { maxFolderEntries: 'lots' }).problems.maxFolderEntries)).toMatch(/must be a number/);
    const crossed = checkLimits(DEFAULT_LIMITS, { softTokenRatio: '60' });
    expect(sentence(crossed.problems.softTokenRatio)).toBe('The soft token limit (60 %) must not be above the hard one (50 %). Nothing was saved.');
    expect(crossed.limits).toEqual(DEFAULT_LIMITS);
  });
});
