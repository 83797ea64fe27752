import { describe, expect, it } from 'vitest';
import type { Warning } from '../../shared/warnings';
import { referenceBeingTyped, settledWarnings } from './typing';

const w = (code: Warning['code'], reference: string): Warning => ({ code, reference, message: `${code} ${reference}` });

describe('a reference still being typed', () => {
  it('is the one the cursor is in or at the end of', () => {
    expect(referenceBeingTyped('see @file:', 10)).toBe('@file:');
    expect(referenceBeingTyped('see @file:a.ts now', 14)).toBe('@file:a.ts');
    expect(referenceBeingTyped('see @file:a.ts now', 18)).toBeNull();
    expect(referenceBeingTyped('see @file:a.ts', null)).toBeNull();
  });

  it('holds back its malformed and not-found warnings, and only those', () => {
    const all = [w('malformed', '@file:'), w('not_found', '@file:b.ts'), w('blocked', '@file:.env')];
    expect(settledWarnings(all, '@file:')).toEqual([all[1], all[2]]);
    expect(settledWarnings(all, '@file:.env')).toEqual(all);
    expect(settledWarnings(all, null)).toBe(all);
  });
});
