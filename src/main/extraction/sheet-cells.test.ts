import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachCell, valueOf, type CellAttributes } from './sheet-cells';

/** What the reader found with regular expressions before: the reference the scanner must agree with. */
function byPatterns(row: string): { ref: string; type: string; style: number; inner: string }[] {
  const out: { ref: string; type: string; style: number; inner: string }[] = [];
  for (const c of row.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const cell = { ref: '', type: '', style: 0, inner: c[2] ?? '' };
    for (const m of c[1]!.matchAll(/\s([rts])="([^"]*)"/g)) {
      if (m[1] === 'r') cell.ref = m[2]!;
      else if (m[1] === 't') cell.type = m[2]!;
      else cell.style = Number(m[2]);
    }
    out.push(cell);
  }
  return out;
}

function scanned(row: string): { ref: string; type: string; style: number; inner: string }[] {
  const out: { ref: string; type: string; style: number; inner: string }[] = [];
  const attrs: CellAttributes = { ref: '', type: '', style: 0 };
  forEachCell(row, attrs, (inner) => {
    out.push({ ref: attrs.ref, type: attrs.type, style: attrs.style, inner });
    return true;
  });
  return out;
}

const value = fc.stringMatching(/^[A-Za-z0-9 .:&;#_-]{0,6}$/);
const space = fc.constantFrom(' ', '  ', '\n', '\t', '\r\n');
const attribute = fc.tuple(space, fc.constantFrom('r', 't', 's', 'x', 'cm', 'vm', 'ph', 'rt'), value).map(([sp, name, v]) => `${sp}${name}="${v}"`);
const content = fc.array(
  fc.oneof(
    value.map((v) => `<v>${v}</v>`),
    value.map((v) => `<f>${v}</f>`),
    value.map((v) => `<is><t xml:space="preserve">${v}</t></is>`),
    fc.constant('<v/>'),
    fc.constant('<extLst><ext/></extLst>'),
  ),
  { maxLength: 3 },
);
const cell = fc.tuple(fc.array(attribute, { maxLength: 4 }), fc.option(content, { nil: undefined }), fc.constantFrom('', ' ')).map(([attrs, inner, sp]) =>
  inner === undefined ? `<c${attrs.join('')}${sp}/>` : `<c${attrs.join('')}${sp}>${inner.join('')}</c>`,
);
const other = fc.constantFrom('<col min="1"/>', '<cfRule/>', '<cx>', ' ', '\n');
const row = fc.array(fc.oneof({ weight: 4, arbitrary: cell }, { weight: 1, arbitrary: other }), { maxLength: 8 }).map((parts) => parts.join(''));

describe('forEachCell', () => {
  it('finds the cells, attributes and contents the patterns found, on 20,000 rows', () => {
    fc.assert(
      fc.property(row, (r) => {
        expect(scanned(r)).toEqual(byPatterns(r));
      }),
      { numRuns: 20_000, seed: 27 },
    );
  });

  it('reads a row as Excel writes it, and stops when told', () => {
    const r = '<c r="A1" s="3" t="s"><v>12</v></c><c r="B1"><f>A1*2</f><v>4.5</v></c><c r="C1" t="inlineStr"><is><t>한국어</t></is></c><c r="D1" s="2"/>';
    expect(scanned(r)).toEqual([
      { ref: 'A1', type: 's', style: 3, inner: '<v>12</v>' },
      { ref: 'B1', type: '', style: 0, inner: '<f>A1*2</f><v>4.5</v>' },
      { ref: 'C1', type: 'inlineStr', style: 0, inner: '<is><t>한국어</t></is>' },
      { ref: 'D1', type: '', style: 2, inner: '' },
    ]);
    const seen: string[] = [];
    const attrs: CellAttributes = { ref: '', type: '', style: 0 };
    forEachCell(r, attrs, () => (seen.push(attrs.ref), seen.length < 2));
    expect(seen).toEqual(['A1', 'B1']);
  });

  it('ends on any text, malformed or cut anywhere', () => {
    const soup = fc.array(fc.constantFrom('<c', '<c ', '>', '/>', '</c>', '="', '"', ' r', ' t', 's', '<v', '</v>', 'x', '<'), { maxLength: 30 }).map((p) => p.join(''));
    fc.assert(
      fc.property(soup, (text) => {
        scanned(text);
        valueOf(text);
      }),
      { numRuns: 20_000, seed: 27 },
    );
  });
});

describe('valueOf', () => {
  it('gives what the pattern gave, on 20,000 contents', () => {
    fc.assert(
      fc.property(content.map((c) => c.join('')), (inner) => {
        expect(valueOf(inner)).toBe(/<v\b[^>]*>([\s\S]*?)<\/v>/.exec(inner)?.[1]);
      }),
      { numRuns: 20_000, seed: 27 },
    );
    expect(valueOf('<vm>1</vm><v t="x">2</v>')).toBe('2');
    expect(valueOf('<v>open')).toBeUndefined();
  });
});
