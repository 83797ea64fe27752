/**
 * The cells of one sheet row (`<c>` elements), their `r`, `t` and `s` attributes and their `<v>`
 * value, found with `indexOf` instead of a regular expression per cell. The 5 MB workbook of the
 * bench holds a million cells; each made a match array, its captures and an attribute object, and
 * garbage collection took a third of reading it (issue 27). The same elements, attributes and
 * values as these patterns find in well-formed XML:
 * - cells: `/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g` (attributes, then the content up to `</c>`);
 * - attributes: `/\s([rts])="([^"]*)"/g`, the last of a name kept;
 * - the value: `/<v\b[^>]*>([\s\S]*?)<\/v>/`.
 * Every loop moves forward by at least one character, so malformed XML ends the scan too.
 */

/** A cell's attributes; one object is filled again for each cell. */
export interface CellAttributes {
  ref: string;
  type: string;
  style: number;
}

/** True for the characters `\w` matches: `<c` followed by one is another element (`<col`, `<cfRule`). */
function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** The whitespace `\s` matches, as XML can hold it between attributes (and a few more). */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0xfeff || code === 0x2028 || code === 0x2029 || code === 0x3000;
}

/** Reads the `r`, `t` and `s` attributes between `from` and `to` of `xml` into `out`. */
function readAttributes(xml: string, from: number, to: number, out: CellAttributes): void {
  out.ref = '';
  out.type = '';
  out.style = 0;
  let at = from;
  for (;;) {
    const eq = xml.indexOf('="', at);
    if (eq < 0 || eq >= to) return;
    const name = xml.charCodeAt(eq - 1);
    if (eq - 2 >= from && isSpace(xml.charCodeAt(eq - 2)) && (name === 0x72 || name === 0x74 || name === 0x73)) {
      const end = xml.indexOf('"', eq + 2);
      if (end < 0 || end >= to) return;
      const value = xml.slice(eq + 2, end);
      if (name === 0x72) out.ref = value;
      else if (name === 0x74) out.type = value;
      else out.style = Number(value);
      at = end + 1;
    } else at = eq + 2;
  }
}

/**
 * Calls `visit` with each cell's content (`''` for `<c .../>`), `attrs` filled with that cell's
 * attributes, in order; stops when `visit` returns false.
 */
export function forEachCell(row: string, attrs: CellAttributes, visit: (inner: string) => boolean): void {
  let at = 0;
  for (;;) {
    const open = row.indexOf('<c', at);
    if (open < 0) return;
    if (isWordChar(row.charCodeAt(open + 2))) {
      at = open + 1;
      continue;
    }
    const gt = row.indexOf('>', open + 2);
    // Every cell needs a '>': none left, none further on.
    if (gt < 0) return;
    if (gt - 1 >= open + 2 && row.charCodeAt(gt - 1) === 0x2f) {
      readAttributes(row, open + 2, gt - 1, attrs);
      if (!visit('')) return;
      at = gt + 1;
      continue;
    }
    const close = row.indexOf('</c>', gt + 1);
    if (close < 0) {
      at = open + 1;
      continue;
    }
    readAttributes(row, open + 2, gt, attrs);
    if (!visit(row.slice(gt + 1, close))) return;
    at = close + 4;
  }
}

/** The text inside a cell's first `<v>` element, or undefined when it has none. */
export function valueOf(inner: string): string | undefined {
  let at = 0;
  for (;;) {
    const open = inner.indexOf('<v', at);
    if (open < 0) return undefined;
    if (isWordChar(inner.charCodeAt(open + 2))) {
      at = open + 1;
      continue;
    }
    const gt = inner.indexOf('>', open + 2);
    if (gt < 0) return undefined;
    const close = inner.indexOf('</v>', gt + 1);
    if (close < 0) return undefined;
    return inner.slice(gt + 1, close);
  }
}
