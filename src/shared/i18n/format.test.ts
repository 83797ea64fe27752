import { describe, expect, it } from 'vitest';
import { formatBytes, formatCompactNumber, formatNumber, scaleBytes } from './format';
import { LANGUAGES, LOCALE_OF } from './languages';

// formatNumber and formatBytes write whole numbers and tenths themselves (no Intl at a cold start):
// what they write must stay what Intl.NumberFormat writes for every language Atmark speaks.
const WHOLE = [0, 1, 7, 12, 999, 1000, 1023, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1234, -1_000_000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];

describe('formatNumber and formatBytes', () => {
  it('write whole numbers as Intl does in each language', () => {
    for (const language of LANGUAGES) {
      const intl = new Intl.NumberFormat(LOCALE_OF[language], { maximumFractionDigits: 0 });
      for (const n of WHOLE) expect(formatNumber(n, language), `${language} ${n}`).toBe(intl.format(n));
      for (let n = 1; n < 1e15; n = n * 7 + 3) expect(formatNumber(n, language), `${language} ${n}`).toBe(intl.format(n));
    }
  });

  it('still write fractions, -0 and numbers past the safe range through Intl', () => {
    expect(formatNumber(1.5, 'en', 1)).toBe('1.5');
    expect(formatNumber(-0, 'ja')).toBe(new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 }).format(-0));
    expect(formatNumber(2 ** 60, 'ko')).toBe(new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 }).format(2 ** 60));
  });

  it('pick the unit by powers of 1024 and stop at TiB', () => {
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MiB');
    expect(formatBytes(1024 ** 3 * 3.4)).toBe('3.4 GiB');
    expect(formatBytes(1024 ** 5, 'ja')).toBe('1,024 TiB');
  });

  it('write sizes with one decimal below 10 of a unit as Intl does', () => {
    for (const language of LANGUAGES) {
      const tenths = new Intl.NumberFormat(LOCALE_OF[language], { maximumFractionDigits: 1, minimumFractionDigits: 1 });
      const whole = new Intl.NumberFormat(LOCALE_OF[language], { maximumFractionDigits: 0 });
      for (let bytes = 1024; bytes < 2 ** 42; bytes = Math.floor(bytes * 1.37) + 11) {
        const { value, unit } = scaleBytes(bytes);
        const shown = value < 10 ? tenths.format(Math.round(value * 10) / 10) : whole.format(Math.round(value));
        expect(formatBytes(bytes, language), `${language} ${bytes}`).toBe(`${shown} ${unit}`);
      }
    }
  });
});

describe('formatCompactNumber', () => {
  // It writes whole counts itself (no Intl in the meters' first frame): what it writes must stay what
  // Intl's compact notation with one decimal writes, in every language, at every unit and rounding edge.
  it('writes counts as Intl compact notation does in each language', () => {
    for (const language of LANGUAGES) {
      const intl = new Intl.NumberFormat(LOCALE_OF[language], { notation: 'compact', maximumFractionDigits: 1 });
      const check = (n: number) => expect(formatCompactNumber(n, language), `${language} ${n}`).toBe(intl.format(n));
      for (let n = 0; n <= 200_000; n++) check(n);
      for (let power = 3; power <= 20; power++) {
        for (const lead of [1, 2, 5, 9.99, 9.995, 9.9949, 9.9951, 10, 99.95, 99.949, 999.95, 999.949, 1000, 9999.5, 10_000]) {
          const at = Math.round(lead * 10 ** power);
          for (const d of [-51, -50, -49, -1, 0, 1, 49, 50, 51]) if (at + d >= 0) check(at + d);
        }
      }
      for (let n = 1; n < Number.MAX_SAFE_INTEGER; n = n * 3 + 7) check(n);
    }
  });

  it('leaves negative, fractional and unsafe counts to Intl', () => {
    for (const n of [-1234, -0, 0.5, 12.34, 1234.5, 2 ** 60, Number.MAX_SAFE_INTEGER + 2]) {
      for (const language of LANGUAGES) {
        const intl = new Intl.NumberFormat(LOCALE_OF[language], { notation: 'compact', maximumFractionDigits: 1 });
        expect(formatCompactNumber(n, language), `${language} ${n}`).toBe(intl.format(n));
      }
    }
  });
});
