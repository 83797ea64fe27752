import { LOCALE_OF, type Language } from './languages';

/**
 * Numbers, sizes and dates for a person, in the chosen language's locale. One place, so meters,
 * warnings, listings and history agree (sizes use the same units as the limits: 1 KiB = 1024 bytes).
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: Language, digits: number, minDigits = 0): Intl.NumberFormat {
  const key = `${language}:${digits}:${minDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[language], { maximumFractionDigits: digits, minimumFractionDigits: minDigits });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A whole number as English, Japanese and Korean all write it: groups of three digits joined by
 * commas, `-` before a negative one (a test holds this to `Intl.NumberFormat` for every language).
 * Why not Intl here: the first `Intl.NumberFormat` of a process loads the locale's data, about
 * 35 ms of a cold `atmark expand` that only prints a size or a count.
 */
function groupedInteger(value: number): string {
  const digits = String(Math.abs(value));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = out.length; at < digits.length; at += 3) out += `,${digits.slice(at, at + 3)}`;
  return value < 0 ? `-${out}` : out;
}

/** `12,345` in English, Japanese and Korean alike (their grouping), with at most `digits` decimals. */
export function formatNumber(value: number, language: Language = 'en', digits = 0): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return groupedInteger(value);
  return numberFormat(language, digits).format(value);
}

/** The unit a size in bytes is written in, from KiB up, and the size in that unit. */
export function scaleBytes(bytes: number): { value: number; unit: 'KiB' | 'MiB' | 'GiB' | 'TiB' } {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return { value, unit: units[unit] as (typeof units)[number] };
}

/** A size in bytes: `532 B`, `1.2 KiB`, `64 KiB`, `3.4 MiB` (decimals in the locale's form). */
export function formatBytes(bytes: number, language: Language = 'en'): string {
  if (bytes < 1024) return `${bytes} B`;
  const { value, unit } = scaleBytes(bytes);
  // Below 10, one decimal always (`3.0 KiB`), written from whole tenths as the locales write it.
  const tenths = Math.round(value * 10);
  const shown = value < 10 ? `${Math.floor(tenths / 10)}.${tenths % 10}` : formatNumber(Math.round(value), language);
  return `${shown} ${unit}`;
}

/** Seconds from milliseconds, at most one decimal: `1.5`, `30`. */
export function formatSeconds(ms: number, language: Language = 'en'): string {
  return formatNumber(Math.round(ms / 100) / 10, language, 1);
}

/** A date and time for the locale, e.g. `2026/12/03 9:15` in Japanese. */
export function formatDateTime(iso: string | number | Date, language: Language = 'en'): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return new Intl.DateTimeFormat(LOCALE_OF[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * The units a count is shortened by, as CLDR's short compact patterns name them for each language:
 * a power of ten and its suffix, smallest first. Below the first, a count is written in full.
 */
const COMPACT_UNITS: Readonly<Record<Language, ReadonlyArray<readonly [power: number, suffix: string]>>> = {
  en: [[3, 'K'], [6, 'M'], [9, 'B'], [12, 'T']],
  ja: [[4, '万'], [8, '億'], [12, '兆'], [16, '京']],
  ko: [[3, '천'], [4, '만'], [8, '억'], [12, '조']],
};

/**
 * A whole count at a glance, as Intl's compact notation with one decimal writes it (a test holds it
 * to Intl for every language), or null when Intl must say it (negative, fractional, past the safe
 * range, or a figure of five digits before its largest suffix, which Intl groups).
 * Why not Intl here: the first compact `Intl.NumberFormat` of a page loads the locale's compact
 * patterns, 20-90 ms on the loaded build machine, in the meters' first frame (issue 27).
 */
function compactWhole(value: number, language: Language): string | null {
  if (!Number.isSafeInteger(value) || value < 0 || Object.is(value, -0)) return null;
  const units = COMPACT_UNITS[language];
  let at = units.length - 1;
  while (at >= 0 && value < 10 ** units[at]![0]) at -= 1;
  if (at < 0) return String(value);
  for (;;) {
    const [power, suffix] = units[at]!;
    // Tenths of the unit, rounded half away from zero, in whole-number arithmetic (exact below 2^53).
    const tenth = 10 ** (power - 1);
    const rest = value % tenth;
    const tenths = (value - rest) / tenth + (rest * 2 >= tenth ? 1 : 0);
    // Rounded up to the next unit (999,950 is 1M, not 1000K): Intl then writes it in that one.
    if (at + 1 < units.length && tenths * tenth >= 10 ** units[at + 1]![0]) {
      at += 1;
      continue;
    }
    const whole = Math.floor(tenths / 10);
    if (whole >= 10_000) return null;
    return `${whole}${tenths % 10 === 0 ? '' : `.${tenths % 10}`}${suffix}`;
  }
}

/** A count at a glance: `1.2K`, `128K` in English, `12.8万` in Japanese, `12.8만` in Korean. */
export function formatCompactNumber(value: number, language: Language = 'en'): string {
  const whole = compactWhole(value, language);
  if (whole !== null) return whole;
  let format = compactFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[language], { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(language, format);
  }
  return format.format(value);
}
