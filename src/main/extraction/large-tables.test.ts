import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sectionMarkdown } from './hwp-blocks';
import { markdownTable } from './markdown';
import { extractOdf } from './odf';
import type { DocumentJob } from './protocol';
import { extractSheets } from './sheets';
import { makeOdf } from '../../../test-support/documents';

/**
 * Documents with more rows or paragraphs in one place than a JavaScript call takes arguments
 * (about 120,000 here): each is read whole, not refused as damaged by a stack overflow.
 */
const ROWS = 150_000;

function job(bytes: Uint8Array, format: DocumentJob['format']): DocumentJob {
  return { kind: 'document', bytes, format, range: null, maxTextBytes: 16 * 1024 * 1024, maxInflatedBytes: 64 * 1024 * 1024 };
}

/** A workbook written by hand: one sheet of ROWS rows, the row number in column A. */
function tallWorkbook(): Uint8Array {
  let rows = '';
  for (let r = 1; r <= ROWS; r++) rows += `<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`;
  return zipSync({
    'xl/workbook.xml': strToU8('<workbook xmlns:r="r"><sheets><sheet name="長い" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    'xl/_rels/workbook.xml.rels': strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${rows}</sheetData></worksheet>`),
  });
}

describe('tables and sections past a call’s argument limit', () => {
  it('a Markdown table of 150,000 rows', () => {
    const table = markdownTable(Array.from({ length: ROWS }, (_, i) => [String(i)]));
    expect(table.split('\n')).toHaveLength(ROWS + 1);
  });

  it('a sheet of 150,000 rows, whole', async () => {
    const out = await extractSheets(job(tallWorkbook(), 'xlsx'));
    const lines = out.parts[0]!.markdown.split('\n');
    expect(lines[0]).toBe('## Sheet 1: 長い');
    expect(lines.at(-1)).toBe(`| ${ROWS} |`);
  });

  it('an OpenDocument text whose 150,000 paragraphs sit in one section', async () => {
    const body = `<text:section text:name="本文">${'<text:p>段落</text:p>'.repeat(ROWS)}</text:section>`;
    const out = await extractOdf(job(makeOdf('text', body), 'odt'));
    expect(out.parts.map((p) => p.markdown).join('\n\n').match(/段落/g)).toHaveLength(ROWS);
  });

  it('a Hangul one-column table of 150,000 rows, read as paragraphs', () => {
    const rows = Array.from({ length: ROWS }, (_, i) => [`칸 ${i}`]);
    const markdown = sectionMarkdown([{ kind: 'table', rows }]);
    expect(markdown.split('\n\n')).toHaveLength(ROWS);
  });
});
