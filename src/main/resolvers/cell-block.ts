/**
 * A workbook's block of cells attached (`@file:book.xlsx:'売上 2026'!A1:D20`, docs/contract.md
 * "Cells and rows"): the extraction worker cut the block (extraction/cell-block.ts); this turns its
 * outcome into the attachment, or into one sentence naming what is there: the sheets when the one
 * asked for is missing, the sheet's extent when the block lies outside it, the rows that fit when
 * the block passes the caps.
 */
import { columnNumber, type CellTarget } from '../../shared/cells';
import type { ReferenceSource } from '../../shared/expansion';
import { formatCellReference } from '../../shared/grammar';
import { said } from '../../shared/i18n/translate';
import type { Warning } from '../../shared/warnings';
import { MAX_BLOCK_CELLS, cellMessages, documentDescription, noticeMessage, type DocumentOutput } from '../extraction';
import { refuse, type Resolution } from '../resolve';
import type { DocumentRequest } from './document';

/** Attaches the block `doc` holds, or refuses it. */
export function attachBlock(req: DocumentRequest, doc: DocumentOutput, target: CellTarget, sha256: string): Resolution {
  const { ref, ctx, shown } = req;
  const outcome = doc.table;
  const refused = (code: 'not_found' | 'too_large', message: Parameters<typeof refuse>[1]) => refuse(code, message, req.target, req.source);
  if (!outcome) return refused('not_found', cellMessages.emptySheet(shown, target.sheet));
  if (outcome.sheets) return refused('not_found', cellMessages.noSheet(shown, target.sheet, outcome.sheets));
  const sheet = outcome.sheet;
  if (outcome.extent === '') return refused('not_found', cellMessages.emptySheet(shown, sheet));
  if (outcome.attached === null) return refused('not_found', cellMessages.outside(shown, sheet, outcome.asked ?? sheet, outcome.extent));
  if (outcome.fitsRows !== undefined) {
    const block = target.block ?? {};
    const firstRow = block.firstRow ?? 1;
    const [first, last] = outcome.attached.split(':');
    const fits = outcome.fitsRows > 0 ? fitting(first ?? '', last ?? first ?? '', firstRow + outcome.fitsRows - 1) : null;
    const hint = fits && req.withRange ? formatCellReference(shown, { sheet, block: fits }) : null;
    return refused('too_large', cellMessages.tooMany(sheet, outcome.attached, outcome.cells ?? 0, MAX_BLOCK_CELLS, ctx.limits.maxReferenceBytes, outcome.fitsRows, hint));
  }
  const text = doc.parts.map((p) => p.markdown).join('\n\n').trim();
  const warnings: Warning[] = doc.notices.map((n) => ({ code: 'blocked', reference: ref.raw, ...said(noticeMessage(n)) }));
  if (outcome.clamped && outcome.asked !== null) {
    warnings.push({ code: 'clamped', reference: ref.raw, ...said(cellMessages.clamped(sheet, outcome.extent, outcome.attached, outcome.asked)) });
  }
  const included = `${sheet}!${outcome.attached}`;
  const index = doc.parts[0]?.index ?? null;
  const source: ReferenceSource = {
    ...req.source,
    document: { sha256, format: doc.format, extractor: doc.extractor, unit: 'sheet', first: index, last: index, count: doc.unitCount, block: included },
  };
  return {
    ok: true,
    text,
    description: `${req.subject}, ${included}${documentDescription(doc.format, null, null, null, null)}`,
    target: req.target,
    language: 'markdown',
    source,
    ...(warnings.length ? { warnings } : {}),
  };
}

/** The block from corner `first` to the column of `last`, ending at row `lastRow`: the rows that fit. */
function fitting(first: string, last: string, lastRow: number): { firstColumn: number; lastColumn: number; firstRow: number; lastRow: number } | null {
  const a = /^([A-Z]+)(\d+)$/.exec(first);
  const b = /^([A-Z]+)(\d+)$/.exec(last);
  if (!a || !b) return null;
  return { firstColumn: columnNumber(a[1]!), lastColumn: columnNumber(b[1]!), firstRow: Number(a[2]), lastRow };
}
