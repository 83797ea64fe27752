import { describe, expect, it } from 'vitest';
import { MiB } from '../../shared/limits';
import { makeAliasedDocx, makeDeflateBomb, makeDocumentWithHugePart, makePdf, makePdfDeflateBomb } from '../../../test-support/documents';
import { makeHwp } from '../../../test-support/hwp-documents';
import { extractInChild } from '../../../test-support/peak-memory';

// Memory bounded by construction, whatever the clock: each hostile document of the review is read
// in a process of its own, the way the product reads it, and that process's peak memory (heap,
// buffers and the worker thread together) must stay under 512 MiB while the document is refused.
const PEAK_LIMIT = 512 * MiB;

describe('hostile documents stay within 512 MiB of memory', () => {
  it('an ordinary PDF, for scale: attached', async () => {
    const { result, peakBytes } = await extractInChild(await makePdf(3), 'pdf');
    expect(result.ok).toBe(true);
    expect(peakBytes).toBeLessThan(PEAK_LIMIT);
    // The measure itself can see a big allocation: the child's own peak, not its parent's.
    expect(peakBytes).toBeGreaterThan(16 * MiB);
  }, 120_000);

  it('a 20 KB .docx listing one 1 MiB entry 250 times is refused before anything is inflated', async () => {
    const bytes = makeAliasedDocx(250);
    expect(bytes.length).toBeLessThan(64 * 1024);
    const { result, peakBytes } = await extractInChild(bytes, 'docx');
    expect(result).toMatchObject({ ok: false, problem: 'bomb' });
    expect(result.detail).toMatch(/share their bytes/);
    expect(peakBytes).toBeLessThan(PEAK_LIMIT);
  }, 120_000);

  for (const format of ['docx', 'odt'] as const) {
    it(`a 250 MiB part inside a small .${format} is refused by its declared size`, async () => {
      const bytes = await makeDocumentWithHugePart(format);
      expect(bytes.length).toBeLessThan(2 * MiB);
      const { result, peakBytes } = await extractInChild(bytes, format);
      expect(result).toMatchObject({ ok: false, problem: 'bomb' });
      expect(peakBytes).toBeLessThan(PEAK_LIMIT);
    }, 120_000);
  }

  it('a part that declares 100 bytes and inflates to 250 MiB stops at its declared size', async () => {
    const { result, peakBytes } = await extractInChild(makeDeflateBomb(250 * MiB), 'docx');
    expect(result).toMatchObject({ ok: false, problem: 'bomb' });
    expect(peakBytes).toBeLessThan(PEAK_LIMIT);
  }, 120_000);

  it('a PDF content stream that inflates to 4 GiB is refused before PDF.js inflates it', async () => {
    const bytes = makePdfDeflateBomb(4 * 1024 * MiB);
    const { result, peakBytes } = await extractInChild(bytes, 'pdf');
    expect(result).toMatchObject({ ok: false, problem: 'bomb' });
    expect(peakBytes).toBeLessThan(PEAK_LIMIT);
  }, 120_000);

  it('an HWP section stream (raw deflate, no declared size) that inflates to 4 GiB stops at the inflate budget', async () => {
    const bytes = makeHwp({ bombBytes: 4 * 1024 * MiB });
    expect(bytes.length).toBeLessThan(8 * MiB);
    const { result, peakBytes } = await extractInChild(bytes, 'hwp');
    expect(result).toMatchObject({ ok: false, problem: 'bomb' });
    expect(peakBytes).toBeLessThan(PEAK_LIMIT);
  }, 120_000);
});
