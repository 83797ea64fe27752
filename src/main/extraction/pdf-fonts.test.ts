import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { documentMarkdown } from '../../../test-support/extracted';
import { runExtraction } from './run-extraction';

/**
 * PDF.js reads PDFs here without the standard fonts' substitute programs (see pdf.ts): the text of
 * a font that is not embedded comes from its encoding alone. These PDFs name each standard font
 * without embedding it (as pdf-lib writes them) and hold accents, typographic quotes, the euro sign
 * and, in Symbol, Greek and mathematical signs: their text must come back as drawn. ZapfDingbats is
 * left out: PDF.js gives its glyphs no Unicode text with the program or without it.
 */
const LATIN = 'Café naïve “quoted” — €5 Größe ½ ¿Sí? Œuvre';
const SYMBOL = 'ΑΒΓ αβγδ ∑∫≤≥ ∞';

async function pdfIn(font: StandardFonts, text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const embedded = await pdf.embedFont(font);
  pdf.addPage([595, 842]).drawText(text, { x: 40, y: 800, size: 12, font: embedded });
  return pdf.save();
}

/** The text the extraction worker reads from `bytes`, under a budget no machine misses. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const result = await runExtraction(
    { kind: 'document', format: 'pdf', bytes, range: null, maxTextBytes: 64 * 1024, maxInflatedBytes: 64 * 1024 * 1024 },
    { budget: { workMs: 120_000, idleMs: 120_000, clockMs: 240_000 } },
  );
  return documentMarkdown(result);
}

describe('PDFs in the standard fonts, not embedded', () => {
  const fonts = Object.values(StandardFonts).filter((f) => f !== StandardFonts.ZapfDingbats);

  it.each(fonts)('%s reads back as drawn', async (font) => {
    const text = font === StandardFonts.Symbol ? SYMBOL : LATIN;
    expect(await textOf(await pdfIn(font, text))).toBe(`<!-- page 1 of 1 -->\n\n${text}`);
  });
});
