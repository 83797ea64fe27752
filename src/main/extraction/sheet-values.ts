/**
 * The values of spreadsheet cells as text: XML entities, which number formats show dates, and an
 * Excel date serial as an ISO 8601 date (the way the exceljs-based reader wrote them before).
 */

/** The reader named in citations: Atmark's own, version 1. */
export const SHEETS_EXTRACTOR = 'atmark-sheets 1';

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

/** XML text with its entities and character references decoded. */
export function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(lt|gt|quot|apos|amp));/g, (whole, hex: string, dec: string, named: string) => {
    if (named) return ENTITIES[named]!;
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Built-in number formats that show dates or times: 14-22 and 45-47 everywhere, 27-36 and 50-58
 * in Chinese, Japanese and Korean Excel (和暦 and 년/월/일 dates).
 */
function isBuiltInDate(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);
}

/** True when number format `id` (with its custom `code`, if any) shows a date or a time. */
export function isDateFormat(id: number, code?: string): boolean {
  if (code === undefined) return isBuiltInDate(id);
  // Quoted text, escaped characters and colours or conditions in brackets say nothing about dates.
  const bare = code.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[(?!h\]|m\]|s\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

const DAY_MS = 86_400_000;
/** Day 0 of Excel's 1900 date system (with its leap-year quirk, serials from 61 on are right). */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** An Excel date serial as ISO 8601: `2024-01-02`, or with its time when it has one. */
export function excelDate(serial: number, date1904 = false): string {
  const date = new Date(Math.round((date1904 ? EPOCH_1904 : EPOCH_1900) + serial * DAY_MS));
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().replace(/T00:00:00\.000Z$/, '');
}
