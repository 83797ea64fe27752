import { describe, expect, it } from 'vitest';
import { findNearMisses } from './near-miss';
import { parseReferences } from './parse';

const suggestions = (text: string) => findNearMisses(text).map((m) => [m.written, m.suggestion]);

describe('near misses', () => {
  it('a misspelt kind before a colon suggests the kind', () => {
    expect(suggestions('see @fle:src/app.ts')).toEqual([['@fle:', '@file:']]);
    expect(suggestions('see @flie:src/app.ts')).toEqual([['@flie:', '@file:']]);
    expect(suggestions('see @fodler:src')).toEqual([['@fodler:', '@folder:']]);
    expect(suggestions('@gti:3')).toEqual([['@gti:', '@git:']]);
    expect(suggestions('@FILE:a.ts')).toEqual([['@FILE:', '@file:']]);
  });

  it('a kind written without its colon, or the start of a bare kind, is caught', () => {
    expect(suggestions('list @folder src please')).toEqual([['@folder', '@folder:']]);
    expect(suggestions('compare @dif now')).toEqual([['@dif', '@diff']]);
    expect(suggestions('and @stage')).toEqual([['@stage', '@staged']]);
    expect(suggestions('これは@dif')).toEqual([['@dif', '@diff']]);
  });

  it('emails, mentions, real references and longer words stay quiet', () => {
    for (const text of ['mail me@example.com', 'ask @tanaka and @gil', '@file:a.ts @diff @staged @git:3', '@filename @diffs @differ', '@Bob: hi', '@Gil: thanks', '@ab:', 'a@fle:x']) {
      expect(suggestions(text), text).toEqual([]);
    }
  });

  it('never flags what the parser reads as a reference', () => {
    const text = '@file:a.ts @folder:src @diff @staged @git:2 @url:https://example.com @result:r-1';
    expect(parseReferences(text).length).toBe(7);
    expect(findNearMisses(text)).toEqual([]);
  });

  it('full-width syntax is understood', () => {
    expect(suggestions('＠ｆｌｅ：a.ts')).toEqual([['＠ｆｌｅ：', '@file:']]);
  });
});
