import { describe, expect, it } from 'vitest';
import { citationTable } from './export';
import type { Citation } from '../../shared/session-records';

describe('citationTable: documents', () => {
  it('names the format, the pages attached of how many, the extractor and the document hash', () => {
    const citation: Citation = {
      raw: '@file:paper.pdf:3-5',
      kind: 'file',
      target: 'paper.pdf',
      lineStart: 3,
      lineEnd: 5,
      status: 'attached',
      bytes: 120,
      tokens: 30,
      sha256: 'a'.repeat(64),
      source: {
        readAt: '2025-01-02T03:04:05.000Z',
        realPath: '/w/paper.pdf',
        document: { sha256: 'b'.repeat(64), format: 'pdf', extractor: 'pdfjs-dist 5.6.205', unit: 'page', first: 3, last: 5, count: 12 },
      },
      from: 0,
      to: 19,
      warnings: [],
      description: null,
      resultId: null,
    };
    expect(citationTable([citation])).toContain(`| /w/paper.pdf (pdf, pages 3-5 of 12, pdfjs-dist 5.6.205, document sha256 ${'b'.repeat(64)}) | 3-5 |`);
  });
});
