import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarkdownTableWriter, markdownTable, tableCell, trimRows } from './markdown';

/** The table as the rule reads: the first row the header, every row padded to the widest. */
function byRule(rows: readonly (readonly string[])[]): string {
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  if (rows.length === 0 || width === 0) return '';
  const line = (cells: readonly string[]) => `| ${Array.from({ length: width }, (_, i) => tableCell(cells[i] ?? '')).join(' | ')} |`;
  return [line(rows[0]!), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

/** tableCell as the rule reads: one line, pipes escaped, trimmed. */
const cellByRule = (text: string): string => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();

const cellText = fc.oneof(
  fc.constantFrom('', ' ', '  x ', 'a|b', 'line\nnext', '\t', '한국어', '日本語 ', '\u3000全角', 'x\r', '42', '2024-01-02'),
  fc.stringMatching(/^[ a-z|\n\t]{0,5}$/),
);
const rows = fc.array(fc.array(cellText, { maxLength: 5 }), { maxLength: 6 });

describe('Markdown tables', () => {
  it('tableCell keeps plain cells and rewrites the rest as the rule does', () => {
    fc.assert(
      fc.property(cellText, (t) => {
        expect(tableCell(t)).toBe(cellByRule(t));
      }),
      { numRuns: 5000, seed: 27 },
    );
  });

  it('the writer gives the rule’s table, untrimmed and trimmed, on 5,000 tables', () => {
    fc.assert(
      fc.property(rows, (rs) => {
        expect(markdownTable(rs)).toBe(byRule(rs));
        const trimmed = new MarkdownTableWriter(true);
        for (const r of rs) trimmed.add(r);
        expect(trimmed.finish()).toBe(byRule(trimRows(rs.map((r) => [...r]))));
      }),
      { numRuns: 5000, seed: 27 },
    );
  });
});
