import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-name';

describe('exportFileName', () => {
  const when = new Date(2026, 11, 3, 10, 5);
  it.each([
    ['Review the parser\nmore lines', 'Review-the-parser-2026-12-03-1005.md'],
    ['決算レビュー: @file:report.pdf を見て', '決算レビュー-を見て-2026-12-03-1005.md'],
    ['회의 기록 정리', '회의-기록-정리-2026-12-03-1005.md'],
    ['', 'atmark-2026-12-03-1005.md'],
    ['@diff', 'atmark-2026-12-03-1005.md'],
    ['a/b\\c:d*e?f"g<h>i|j', 'a-b-c-d-e-f-g-h-i-j-2026-12-03-1005.md'],
    ['x'.repeat(100), `${'x'.repeat(40)}-2026-12-03-1005.md`],
  ])('%j -> %s', (title, name) => {
    expect(exportFileName(title, when)).toBe(name);
  });
});
