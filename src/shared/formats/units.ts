import { text, type MessageKey, type Text } from '../i18n/text';
import type { DocumentUnit } from './descriptor';

/**
 * The words of each unit a range counts, as catalogue keys (`doc.*`): one source for main's
 * sentences, block headers and the renderer's chips and run details alike.
 */
const UNIT_WORDS: Readonly<Record<DocumentUnit, { range: { one: MessageKey; many: MessageKey }; count: MessageKey }>> = {
  page: { range: { one: 'doc.range.page', many: 'doc.range.pages' }, count: 'doc.count.page' },
  slide: { range: { one: 'doc.range.slide', many: 'doc.range.slides' }, count: 'doc.count.slide' },
  sheet: { range: { one: 'doc.range.sheet', many: 'doc.range.sheets' }, count: 'doc.count.sheet' },
  section: { range: { one: 'doc.range.section', many: 'doc.range.sections' }, count: 'doc.count.section' },
  row: { range: { one: 'doc.range.row', many: 'doc.range.rows' }, count: 'doc.count.row' },
};

/** Every unit a range may count. */
export const DOCUMENT_UNITS = Object.keys(UNIT_WORDS) as [DocumentUnit, ...DocumentUnit[]];

/** `page 3`, `pages 3–5`, `slides 1–2`, `sheet 2`, as a text. */
export function unitRangeText(unit: DocumentUnit, start: number, end: number): Text {
  const keys = UNIT_WORDS[unit].range;
  return start === end ? text(keys.one, { start }) : text(keys.many, { start, end });
}

/** `12 pages`, `1 sheet`, `200 rows after the header`, as a text. */
export function unitCountText(unit: DocumentUnit, count: number): Text {
  return text(UNIT_WORDS[unit].count, { count });
}

/** The catalogue keys of `unit` (for the test that every one has words in every language). */
export function unitKeys(unit: DocumentUnit): readonly MessageKey[] {
  const words = UNIT_WORDS[unit];
  return [words.range.one, words.range.many, words.count];
}
