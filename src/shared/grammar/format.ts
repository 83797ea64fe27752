import { formatBlock, formatSheetName, type CellTarget } from '../cells';
import { KIND_DESCRIPTORS, type ReferenceKind } from '../kinds';
import { parseReferences } from './parse';

/**
 * The inverse of the grammar: writes a value so that it parses back whole. Completion and file
 * drops insert what these functions return.
 */

/** Characters that force quoting: whitespace, brackets, quotes, and the `@` that could start another reference. */
const NEEDS_QUOTES = /[\s()[\]{}"'`]/;
const QUOTE_PREFERENCE = ['"', "'", '`'] as const;

/**
 * Text a Japanese or Korean writer may put right after a reference, with no space: a particle and
 * a full stop. A bare value must parse back whole before these too, or it is quoted, so a value
 * ending in CJK text (`docs/会議`) is written `"docs/会議"` and `"docs/会議"を見て` still works.
 */
const CJK_FOLLOWERS = ['を', '를', '。'];

/**
 * Formats `value` for use after `@kind:`. Returns it bare when it parses back unchanged (alone, and
 * followed directly by CJK text), otherwise quoted with the first of `"`, `'`, `` ` `` it does not
 * contain. Returns null when no form can hold it (empty, a newline, or all three quote characters).
 */
export function formatValue(value: string, kind: ReferenceKind = 'file'): string | null {
  if (value === '' || /[\r\n]/.test(value)) return null;
  if (!NEEDS_QUOTES.test(value) && parsesBareAnywhere(`@${kind}:${value}`, kind, value)) return value;
  const quote = QUOTE_PREFERENCE.find((q) => !value.includes(q));
  return quote ? `${quote}${value}${quote}` : null;
}

/**
 * Formats a whole reference: `@diff`, `@git:3`, `@file:"my notes.md":3-9`. `lines` applies to
 * kinds whose value is a path with a range (files) only. Returns null when the value cannot be written (see {@link formatValue}).
 */
export function formatReference(kind: ReferenceKind, value = '', lines?: { start: number; end?: number }): string | null {
  const described = KIND_DESCRIPTORS[kind];
  if (described.bare) return `@${kind}`;
  const written = formatValue(value, kind);
  if (written === null) return null;
  const range = described.value === 'path-with-range' && lines ? `:${lines.start}${lines.end !== undefined && lines.end !== lines.start ? `-${lines.end}` : ''}` : '';
  // A bare file value followed by a range must not let the range swallow part of the value;
  // quoting settles it, so check the bare form and fall back to quotes.
  if (range && !written.startsWith('"') && !written.startsWith("'") && !written.startsWith('`')) {
    const candidate = `@${kind}:${written}${range}`;
    if (!parsesBareAnywhere(candidate, kind, value)) {
      const quote = QUOTE_PREFERENCE.find((q) => !value.includes(q));
      return quote ? `@${kind}:${quote}${value}${quote}${range}` : null;
    }
    return candidate;
  }
  return `@${kind}:${written}${range}`;
}

/**
 * Formats a reference to a sheet or block of a workbook: `@file:book.xlsx:'売上 2026'!A1:D20`. The
 * sheet is written as a spreadsheet writes it, and quoted as well when a bare name would run into a
 * particle written after it (`'売上'` alone, since `売上を` would read as the name). Returns null when
 * the path cannot be written.
 */
export function formatCellReference(path: string, target: CellTarget): string | null {
  const written = formatValue(path, 'file');
  if (written === null) return null;
  const block = target.block ? `!${formatBlock(target.block)}` : '';
  const bare = `@file:${written}:${formatSheetName(target.sheet)}${block}`;
  const whole = (after: string) => {
    const [only] = parseReferences(bare + after);
    return only?.raw === bare && only.cells?.sheet === target.sheet && !only.malformed;
  };
  if (whole('') && CJK_FOLLOWERS.every(whole)) return bare;
  return `@file:${written}:'${target.sheet.replace(/'/g, "''")}'${block}`;
}

/** True when `text` parses back whole alone and followed by each of {@link CJK_FOLLOWERS}. */
function parsesBareAnywhere(text: string, kind: ReferenceKind, value: string): boolean {
  return parsesBack(text, kind, value, '') && CJK_FOLLOWERS.every((after) => parsesBack(text, kind, value, after));
}

/** True when `text + after` parses as exactly one reference spanning `text`, with the given kind and value. */
function parsesBack(text: string, kind: ReferenceKind, value: string, after: string): boolean {
  const refs = parseReferences(text + after);
  const [only] = refs;
  return refs.length === 1 && only !== undefined && only.from === 0 && only.to === text.length &&
    only.kind === kind && only.value === value && !only.malformed;
}
