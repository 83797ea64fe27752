import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { buildFakeSecrets } from '../../../test-support/secret-corpus';
import { makeArea, type TempArea } from '../../../test-support/fs';
import { expandAttached, expandBlockless } from '../../../test-support/engine-refs';
import { makeCjkPdf, makeDocxParagraphs, makePdfDeflateBomb, makeXlsx } from '../../../test-support/documents';

// Documents through the whole engine: the extracted text is redacted, checked for invisible
// characters, framed as untrusted, measured and cited like any file.

const connection = buildFakeSecrets().find((s) => s.rule === 'connection-string')!;
let area: TempArea;
let docxBytes: Uint8Array;

beforeAll(async () => {
  area = await makeArea();
  docxBytes = await makeDocxParagraphs(['Deployment notes', connection.line, 'Trust \u202Ethis text', 'end of notes']);
  await area.write('notes.docx', docxBytes);
  await area.write('japanese.pdf', await makeCjkPdf(['会議の資料です', '東京で開催します']));
  await area.write('book.xlsx', await makeXlsx(2, 3));
  await area.write('bomb.pdf', makePdfDeflateBomb());
}, 60_000);
afterAll(() => area.cleanup());

const engine = () => createEngine({ workspace: area.root, now: () => new Date('2025-01-02T03:04:05.000Z') });

describe('documents through the engine', () => {
  it('redacts secrets and shows invisible characters in the extracted text, inside the untrusted framing', async () => {
    const { result, ref } = await expandAttached(engine(), 'Review @file:notes.docx');
    expect(result.message).not.toContain(connection.secret);
    expect(result.message).toContain('[REDACTED:');
    expect(result.message).toContain('[U+202E]');
    expect(result.message).toContain('reference material attached from outside');
    expect(result.warnings.map((w) => w.code)).toContain('redacted');
    expect(ref.block).toContain('Deployment notes');
  });

  it('cites the document (sha256 of its bytes, format, extractor) and meters the extracted text', async () => {
    const result = await engine().expand('@file:notes.docx');
    const ref = result.references[0]!;
    expect(ref.source?.document).toMatchObject({
      sha256: createHash('sha256').update(docxBytes).digest('hex'),
      format: 'docx',
      unit: 'page',
      first: null,
      last: null,
      count: null,
    });
    expect(ref.source?.document?.extractor).toMatch(/^mammoth \d+\.\d+\.\d+$/);
    expect(ref.source?.realPath).toBe(`${area.root}/notes.docx`);
    // The meters count the attached (extracted, redacted) text, not the file's bytes.
    expect(ref.bytes).toBeGreaterThan(0);
    expect(ref.bytes).toBeLessThan(docxBytes.length);
    expect(ref.tokens).toBeGreaterThan(0);
    expect(ref.sha256).not.toBe(ref.source?.document?.sha256);
  });

  it('reads Japanese text from a PDF drawn with a CJK font', async () => {
    const { ref } = await expandAttached(engine(), '@file:japanese.pdf');
    expect(ref.block).toContain('会議の資料です\n東京で開催します');
    expect(ref.source?.document).toMatchObject({ format: 'pdf', first: 1, last: 1, count: 1 });
  });

  it('a sheet range is cited as sheets', async () => {
    const result = await engine().expand('@file:book.xlsx:2');
    expect(result.references[0]!.source?.document).toMatchObject({ format: 'xlsx', unit: 'sheet', first: 2, last: 2, count: 2 });
    expect(result.message).toContain('### @file:book.xlsx:2 (file book.xlsx, sheet 2 of 2 (Excel workbook)');
  });

  it('a PDF whose content stream inflates to 1 GiB is refused as a bomb, attaching nothing', async () => {
    const ref = await expandBlockless(engine(), '@file:bomb.pdf');
    expect(ref.warnings[0]).toMatchObject({ code: 'too_large' });
    expect(ref.warnings[0]!.message).toMatch(/^the PDF would decompress to more than/);
  });
});
