import { describe, expect, it } from 'vitest';
import { attachesToReference, wantsTrailingSpace } from './cjk-space';

describe('the space after a reference', () => {
  it('Japanese and Chinese text and Korean particles attach; a Korean word, English and digits do not', () => {
    for (const text of ['の要約', '要約', 'を', 'カタカナ', '。', '를 검토해', '에서', '으로', '와']) expect(attachesToReference(text), text).toBe(true);
    for (const text of ['파일도', '검토', 'and', '3', ' ', '']) expect(attachesToReference(text), text).toBe(false);
  });

  it('completion adds its space only before nothing or non-CJK text, never before a space', () => {
    expect(wantsTrailingSpace('')).toBe(true);
    expect(wantsTrailingSpace('a')).toBe(true);
    expect(wantsTrailingSpace(' ')).toBe(false);
    expect(wantsTrailingSpace('\n')).toBe(false);
    expect(wantsTrailingSpace('の')).toBe(false);
    expect(wantsTrailingSpace('를')).toBe(false);
  });
});
