import { describe, expect, it } from 'vitest';
import { parseStartState, startStateElement, START_STATE_ID } from './start-state';

/** The text inside the element, as the page's `textContent` reads it. */
function inner(element: string): string {
  const open = `<script type="application/json" id="${START_STATE_ID}">`;
  expect(element.startsWith(open) && element.endsWith('</script>')).toBe(true);
  return element.slice(open.length, -'</script>'.length);
}

describe('the start state written into the page', () => {
  it('carries a draft that closes the script element as text, and reads back the same', () => {
    const draft = 'see </script><script>alert(1)</script> and <!-- a comment --> \u2028 @file:a.md';
    const element = startStateElement({ systemLanguageTags: ['ja-JP'], language: 'ko', draft });
    // The element ends only where the host ended it: no '<' of the person's text is left raw.
    expect(inner(element)).not.toContain('<');
    expect(parseStartState(inner(element))).toEqual({ systemLanguageTags: ['ja-JP'], language: 'ko', draft });
  });

  it('keeps "no draft" (null) apart from "not known" (absent)', () => {
    expect(parseStartState(inner(startStateElement({ systemLanguageTags: [], draft: null })))).toEqual({ systemLanguageTags: [], draft: null });
    expect(parseStartState(inner(startStateElement({ systemLanguageTags: [] })))).toEqual({ systemLanguageTags: [] });
  });

  it('refuses what a host does not write, and drops a field it does not know', () => {
    expect(parseStartState(null)).toBeNull();
    expect(parseStartState('')).toBeNull();
    expect(parseStartState('{not json')).toBeNull();
    expect(parseStartState('[]')).toBeNull();
    expect(parseStartState('{"systemLanguageTags":[1]}')).toBeNull();
    expect(parseStartState('{"systemLanguageTags":["en"],"language":"fr","draft":3,"models":{"endpoints":[{"id":"a"}]}}')).toEqual({ systemLanguageTags: ['en'] });
    const models = { endpoints: [{ id: 'a', name: 'A', model: 'm' }], chosenEndpointId: null };
    expect(parseStartState(JSON.stringify({ systemLanguageTags: [], models }))).toEqual({ systemLanguageTags: [], models });
  });
});
