import { describe, expect, it } from 'vitest';
import { computeBudget } from './budget';
import { DEFAULT_LIMITS } from './limits';

describe('computeBudget', () => {
  const limits = DEFAULT_LIMITS; // soft 25%, hard 50%
  const budget = (tokens: number[], contextLength = 1000) =>
    computeBudget({ promptTokens: 7, attached: tokens.map((t) => ({ tokens: t, bytes: t * 4 })), contextLength, limits });

  it('sums the attached tokens and bytes and sets the limits from the context length', () => {
    expect(budget([100, 50])).toEqual({
      promptTokens: 7, attachedTokens: 150, attachedBytes: 600, totalTokens: 157,
      contextLength: 1000, softTokenLimit: 250, hardTokenLimit: 500, state: 'within', noRoomForAnswer: false,
    });
  });

  it.each([
    [[250], 'within'],
    [[251], 'soft'],
    [[500], 'soft'],
    [[250, 251], 'hard'],
  ] as const)('attached %j of 1000 is %s', (tokens, state) => {
    expect(budget([...tokens]).state).toBe(state);
  });

  it('says when prompt and attachments leave less than a quarter of the context for the answer', () => {
    const fits = computeBudget({ promptTokens: 700, attached: [{ tokens: 50, bytes: 200 }], contextLength: 1000, limits });
    const tight = computeBudget({ promptTokens: 700, attached: [{ tokens: 51, bytes: 204 }], contextLength: 1000, limits });
    expect([fits.noRoomForAnswer, tight.noRoomForAnswer]).toEqual([false, true]);
    expect(tight.totalTokens).toBe(751);
  });

  it('moves only the limits when the context length changes', () => {
    const small = budget([300], 1000);
    const large = budget([300], 4000);
    expect([small.state, large.state]).toEqual(['soft', 'within']);
    expect(large.attachedTokens).toBe(small.attachedTokens);
    expect(large.hardTokenLimit).toBe(2000);
  });
});
