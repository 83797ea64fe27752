import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MiB } from '../../shared/limits';
import { DocumentProblem } from './document-problem';
import { checkPdfStreams } from './pdf-streams';
import { deflateRepeated, makePdf } from '../../../test-support/documents';

/** A PDF-shaped byte run holding `streams`, each under a dictionary of `dict`. */
function withStreams(streams: Buffer[], dict = '/Filter /FlateDecode'): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  streams.forEach((data, i) => parts.push(Buffer.from(`${i + 1} 0 obj\n<< /Length ${data.length} ${dict} >>\nstream\n`), data, Buffer.from('\nendstream\nendobj\n')));
  return new Uint8Array(Buffer.concat(parts));
}

function problemOf(bytes: Uint8Array, caps?: { stream: number; total: number }): string {
  try {
    checkPdfStreams(bytes, caps);
    return 'none';
  } catch (err) {
    if (err instanceof DocumentProblem) return err.problem;
    throw err;
  }
}

/** A stream of `inflated` bytes that does not compress below 64 KiB (so it is inflated to be judged). */
const bulky = (inflated: number) => deflateSync(Buffer.concat([randomBytes(64 * 1024), Buffer.alloc(inflated - 64 * 1024)]));

describe('checkPdfStreams', () => {
  it('lets ordinary PDFs through', async () => {
    expect(problemOf(await makePdf(5))).toBe('none');
  });

  it('refuses one stream that inflates past 48 MiB, in any spelling of the Flate filter', () => {
    expect(problemOf(withStreams([deflateRepeated(64 * MiB)]))).toBe('bomb');
    expect(problemOf(withStreams([deflateRepeated(64 * MiB)], '/Filter [/Fl]'))).toBe('bomb');
  });

  it('refuses streams that together inflate past the total, each under its own cap', () => {
    // Caps of this test's own (4 MiB each, 10 MiB together), for the product's 48 and 160 MiB.
    const caps = { stream: 4 * MiB, total: 10 * MiB };
    expect(problemOf(withStreams([bulky(3 * MiB), bulky(3 * MiB)]), caps)).toBe('none');
    expect(problemOf(withStreams([bulky(3 * MiB), bulky(3 * MiB), bulky(3 * MiB), bulky(3 * MiB)]), caps)).toBe('bomb');
  });

  it('never inflates what cannot pass the cap, or what is not Flate first', () => {
    // A stream that is not valid deflate is left to PDF.js; an image is never decoded for text.
    expect(problemOf(withStreams([Buffer.from('not deflate at all')]))).toBe('none');
    expect(problemOf(withStreams([deflateRepeated(64 * MiB)], '/Filter [/ASCII85Decode /FlateDecode]'))).toBe('none');
    expect(problemOf(withStreams([deflateRepeated(64 * MiB)], '/Subtype /Image /Filter /FlateDecode'))).toBe('none');
  });
});
