import { describe, expect, it } from 'vitest';
import { cardText, PREVIEW_LINES } from './info-card';

/** A block as the engine renders one: a header line, a fence, the content, a closing fence. */
const block = (lines: readonly string[]) => ['### @file:a.md (a.md)', '```md', ...lines, '```'].join('\n');

describe('cardText: what a preview card shows of a block', () => {
  it('shows the content without its header and fences', () => {
    expect(cardText(block(['# 報告', '本文']), false)).toBe('# 報告\n本文');
  });

  it('cuts a long text file after a few lines, and shows more of a document', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`);
    const text = cardText(block(lines), false).split('\n');
    const doc = cardText(block(lines), true).split('\n');
    expect(text.length).toBeGreaterThanOrEqual(PREVIEW_LINES);
    expect(text.length).toBeLessThan(doc.length);
    expect(doc.length).toBeLessThan(lines.length);
    expect(text[0]).toBe('line 1');
  });
});
