import { describe, expect, it } from 'vitest';
import { documentFormatOfName } from '../../../shared/documents';
import { iconFamily } from './file-icons';

describe('iconFamily: the icon of a file\'s row', () => {
  it('goes by extension in any case, and every other file is `other`', () => {
    expect(['src/App.TSX', 'a.py', 'notes.md', 'data.yaml', 'mail.eml', 'page.htm', 'logo.ico', 'Makefile', 'a.xyz'].map(iconFamily)).toEqual(['code', 'code', 'text', 'data', 'mail', 'web', 'image', 'other', 'other']);
  });

  it('draws the office and HWP documents Atmark reads as documents', () => {
    for (const name of ['a.pdf', 'a.docx', 'a.xlsx', 'a.pptx', 'a.hwp', 'a.hwpx', 'a.odt']) {
      expect(documentFormatOfName(name)).not.toBeNull();
      expect(iconFamily(name)).toBe('document');
    }
  });
});
