import { describe, expect, it } from 'vitest';
import { documentsMentioned } from './documents-mentioned';

describe('documentsMentioned', () => {
  it('counts @file references to documents, in Japanese sentences too, and nothing else', () => {
    expect(documentsMentioned('会議@file:議事録.docxと@file:report.pdf:2-3を要約して')).toEqual(['docx', 'pdf']);
    expect(documentsMentioned('see @file:src/app.ts and @folder:docs and me@file:x.pdf')).toEqual([]);
    expect(documentsMentioned('@file:book.xlsx @file:"my deck.pptx"')).toEqual(['xlsx', 'pptx']);
  });
});
