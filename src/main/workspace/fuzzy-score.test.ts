import { describe, expect, it } from 'vitest';
import { MAX_TERM, maxTermScore, nameStartScore, scoreTerm } from './fuzzy-score';

/** Scores `term` against `path` alone (the scorer's text starts at offset 0, a boundary). */
function score(path: string, term: string, fold = true): number {
  return scoreTerm(path, path, 0, path.length, path.lastIndexOf('/') + 1, term, fold);
}

describe('scoring a term at the start of the basename', () => {
  it('is the exact score, whatever else the path holds', () => {
    const cases: Array<[string, string]> = [
      ['src/components/useCompletion.ts', 'use'],
      ['src/use/use-user/useUser.ts', 'us'],
      ['packages/ui/src/Button/Button.stories.tsx', 'button.s'],
      ['README.md', 'read'],
      ['a/b/x', 'x'],
      ['deep/er/er/err/error-handler.ts', 'err'],
      ['0042/0042_add.sql', '0042'],
      ['CamelCase/CamelCaseName.ts', 'camelcasen'],
    ];
    for (const [path, term] of cases) expect(score(path, term), `${term} in ${path}`).toBe(nameStartScore(term.length));
  });

  it('is the most any placement can score, so a term elsewhere scores less', () => {
    expect(score('src/reuse.ts', 'use')).toBeLessThan(nameStartScore(3));
    expect(score('use/thing.ts', 'use')).toBeLessThan(nameStartScore(3));
    expect(nameStartScore(MAX_TERM)).toBe(maxTermScore(MAX_TERM, true));
  });
});
