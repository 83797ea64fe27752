import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DocumentProblem } from './document-problem';
import { sniffDocument } from './document-format';
import { ZipArchive, readZipDirectory } from './zip';
import { makeDeflateBomb, makeDocx, makeOdf, makeZipBomb } from '../../../test-support/documents';

function problemOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof DocumentProblem) return err.problem;
    throw err;
  }
  return 'none';
}

describe('ZipArchive', () => {
  it('reads entries lazily, stored and deflated', () => {
    const bytes = zipSync({ 'a.txt': [strToU8('stored text'), { level: 0 }], 'b.xml': strToU8('<x>deflated</x>'.repeat(100)) });
    const zip = new ZipArchive(bytes, 1024 * 1024);
    expect(zip.names()).toEqual(['a.txt', 'b.xml']);
    expect(zip.textOf('a.txt')).toBe('stored text');
    expect(zip.textOf('b.xml')).toBe('<x>deflated</x>'.repeat(100));
    expect(zip.textOf('missing')).toBeNull();
  });

  it('refuses entries declaring more than the budget before inflating anything', () => {
    expect(problemOf(() => new ZipArchive(makeZipBomb(), 256 * 1024 * 1024))).toBe('bomb');
  });

  it('stops an entry that inflates past the size it declares', () => {
    const zip = new ZipArchive(makeDeflateBomb(), 256 * 1024 * 1024);
    expect(problemOf(() => zip.bytesOf('word/document.xml'))).toBe('bomb');
  });

  it('counts every inflated byte against the budget', () => {
    const bytes = zipSync({ 'a.txt': strToU8('a'.repeat(600)), 'b.txt': strToU8('b'.repeat(600)) });
    const zip = new ZipArchive(bytes, 1_300);
    zip.bytesOf('a.txt');
    zip.bytesOf('b.txt');
    expect(problemOf(() => new ZipArchive(bytes, 1_000))).toBe('bomb');
  });

  it('refuses encrypted entries, unknown compression and broken archives', () => {
    const bytes = Buffer.from(zipSync({ 'a.txt': [strToU8('secret'), { level: 0 }] }));
    const flagged = Buffer.from(bytes);
    const central = flagged.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    flagged.writeUInt16LE(1, central + 8);
    expect(problemOf(() => new ZipArchive(flagged, 1024).bytesOf('a.txt'))).toBe('encrypted');
    const method = Buffer.from(bytes);
    method.writeUInt16LE(12, central + 10); // bzip2
    expect(problemOf(() => new ZipArchive(method, 1024).bytesOf('a.txt'))).toBe('unsupported');
    expect(problemOf(() => readZipDirectory(bytes.subarray(0, bytes.length - 30)))).toBe('damaged');
  });
});

describe('sniffDocument', () => {
  it('knows documents by their bytes', async () => {
    expect(sniffDocument(strToU8('%PDF-1.7\n...'))).toEqual({ kind: 'document', format: 'pdf' });
    expect(sniffDocument(await makeDocx())).toEqual({ kind: 'document', format: 'docx' });
    expect(sniffDocument(makeOdf('spreadsheet', ''))).toEqual({ kind: 'document', format: 'ods' });
    expect(sniffDocument(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toEqual({ kind: 'ole' });
    expect(sniffDocument(zipSync({ 'readme.txt': strToU8('just a zip') }))).toEqual({ kind: 'unknown' });
    expect(sniffDocument(strToU8('<html>plain page</html>'))).toEqual({ kind: 'unknown' });
    expect(sniffDocument(strToU8('<html><p>files start with %PDF-1.7</p></html>'))).toEqual({ kind: 'unknown' });
  });
});
