import { describe, expect, it } from 'vitest';
import { openAiImageTokens, withImageTokens } from './image-tokens';

// OpenAI's worked examples for detail "high": 1024 × 1024 is 765 tokens, 2048 × 4096 is 1,105.
describe('openAiImageTokens', () => {
  it('matches the published examples', () => {
    expect(openAiImageTokens(1024, 1024)).toBe(765); // 768 × 768: 2 × 2 tiles
    expect(openAiImageTokens(2048, 4096)).toBe(1105); // 1024 × 2048, then 768 × 1536: 2 × 3 tiles
  });

  it('counts a full-HD screenshot as 3 × 2 tiles, and a small image as one tile', () => {
    expect(openAiImageTokens(1920, 1080)).toBe(85 + 170 * 6);
    expect(openAiImageTokens(300, 120)).toBe(85 + 170);
  });

  it('never scales up: a 500 × 500 image is one tile', () => {
    expect(openAiImageTokens(500, 500)).toBe(255);
    expect(openAiImageTokens(0, 10)).toBe(0);
  });
});

describe('withImageTokens', () => {
  const ref = { tokens: 40, source: { document: { image: { tokens: 1105 } } } };
  it('adds an image reference\'s tile cost only when images are sent', () => {
    expect(withImageTokens(ref, true).tokens).toBe(1145);
    expect(withImageTokens(ref, false).tokens).toBe(40);
    expect(withImageTokens({ tokens: 7, source: null }, true).tokens).toBe(7);
  });
  it('counts no picture for a reference that asked for its text alone, and the picture for one that asked for it', () => {
    const withSend = (send: 'text' | 'image' | 'both' | null) => ({ tokens: 40, source: { document: { image: { tokens: 1105, send } } } });
    expect(withImageTokens(withSend('text'), true).tokens).toBe(40);
    expect(withImageTokens(withSend('image'), true).tokens).toBe(1145);
    expect(withImageTokens(withSend('both'), true).tokens).toBe(1145);
    expect(withImageTokens(withSend(null), true).tokens).toBe(1145);
  });
});
