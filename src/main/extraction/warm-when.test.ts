import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeArea, type TempArea } from '../../../test-support/fs';
import { documentsMentioned, hasDocumentsNear } from './warm-when';

let area: TempArea;
beforeAll(async () => {
  area = await makeArea();
});
afterAll(() => area.cleanup());

describe('documentsMentioned', () => {
  it('counts @file references to documents, in Japanese sentences too, and nothing else', () => {
    expect(documentsMentioned('会議@file:議事録.docxと@file:report.pdf:2-3を要約して')).toEqual(['docx', 'pdf']);
    expect(documentsMentioned('see @file:src/app.ts and @folder:docs and me@file:x.pdf')).toEqual([]);
    expect(documentsMentioned('@file:book.xlsx @file:"my deck.pptx"')).toEqual(['xlsx', 'pptx']);
  });
});

describe('hasDocumentsNear', () => {
  it('finds a document two folders down, but not three, and never inside hidden or dependency folders', async () => {
    await area.write('src/app.ts', 'x');
    await area.write('a/b/c/deep.pdf', 'x');
    await area.write('node_modules/pkg/readme.docx', 'x');
    await area.write('.cache/notes.xlsx', 'x');
    // A web project's pages are no reason to warm the document readers.
    await area.write('public/index.html', '<html></html>');
    expect(await hasDocumentsNear(area.root)).toBe(false);
    await area.write('a/b/plan.docx', 'x');
    expect(await hasDocumentsNear(area.root)).toBe(true);
  });

  it('looks at no more than its budget of entries', async () => {
    expect(await hasDocumentsNear(area.root, 2)).toBe(false);
    expect(await hasDocumentsNear('/nonexistent/folder')).toBe(false);
  });
});
