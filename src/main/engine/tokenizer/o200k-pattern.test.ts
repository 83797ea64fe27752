import { O200K_TOKEN_SPLIT_REGEX as library } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import { O200K_TOKEN_SPLIT_REGEX } from './o200k-pattern';

describe('the o200k pre-token pattern', () => {
  it('is gpt-tokenizer\'s own, source and flags', () => {
    expect(O200K_TOKEN_SPLIT_REGEX.source).toBe(library.source);
    expect(O200K_TOKEN_SPLIT_REGEX.flags).toBe(library.flags);
  });
});
