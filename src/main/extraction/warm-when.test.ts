import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeArea, type TempArea } from '../../../test-support/fs';
import { hasDocumentsNear } from './warm-when';

let area: TempArea;
beforeAll(async () => {
  area = await makeArea();
});
afterAll(() => area.cleanup());

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
