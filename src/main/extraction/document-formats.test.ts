import { describe, expect, it } from 'vitest';
import { DOCUMENT_FORMATS, FORMAT_DESCRIPTORS, type DocumentFormat } from '../../shared/formats';
import { documentFormatOfName, sniffDocument, sniffNamedDocument } from './document-format';
import { readerOf } from './documents';
import { makeDocx, makeOdf, makePdf, makePptx, makeXlsx } from '../../../test-support/documents';
import { makeHwp, makeHwpx } from '../../../test-support/hwp-documents';
import { pngDeclaring } from '../../../test-support/images';
import { makeEml, makeMhtml, makeMsg } from '../../../test-support/mail';
import { encodeTable } from '../../../test-support/tables';

/**
 * Every format of src/shared/formats/ is whole in main: it has a reader, and a file of it, built
 * here, is recognised as it under each of its extensions. The samples are a `Record` of the
 * formats, so a format added without one does not compile.
 */

/** The first bytes of an image of each kind (the sniffer reads only the header). */
const imageHead = {
  jpeg: () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
  webp: () => new Uint8Array(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')])),
  gif: () => new Uint8Array(Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0])])),
};

const SAMPLES: Readonly<Record<DocumentFormat, () => Uint8Array | Promise<Uint8Array>>> = {
  pdf: () => makePdf(1),
  docx: () => makeDocx(),
  xlsx: () => makeXlsx(1, 2),
  pptx: () => makePptx([{ title: '計画', bullets: ['一'] }]),
  odt: () => makeOdf('text', '<text:p>本文</text:p>'),
  ods: () => makeOdf('spreadsheet', ''),
  odp: () => makeOdf('presentation', ''),
  hwp: () => makeHwp(),
  hwpx: () => makeHwpx(),
  csv: () => encodeTable('名前,数\nあ,1\n', 'shift_jis'),
  // A table is read whatever its bytes hold: even a NUL (UTF-16 without a mark) does not stop it.
  tsv: () => encodeTable('名前\t数\nあ\t1\n', 'utf-16le'),
  eml: () => makeEml({ charset: 'iso-2022-jp', from: { name: '佐藤', address: 'sato@example.com' }, to: [], subject: '件名', text: '本文' }),
  msg: () => makeMsg({ subject: '件名', senderName: '김', senderAddress: 'kim@example.com', recipients: [], body: '본문' }),
  html: () => new Uint8Array(Buffer.from('<html><body><p>お知らせ</p></body></html>')),
  mhtml: () => makeMhtml('<html><body><p>お知らせ</p></body></html>', 'https://example.com/a'),
  png: () => pngDeclaring(4, 4),
  ...imageHead,
};

describe('each document format in main', () => {
  it.each(DOCUMENT_FORMATS)('%s has a reader', async (format) => {
    expect(typeof (await readerOf(format))).toBe('function');
  });

  it.each(DOCUMENT_FORMATS)('%s is recognised under each of its extensions', async (format) => {
    const bytes = await SAMPLES[format]();
    for (const ext of FORMAT_DESCRIPTORS[format].extensions) {
      expect(sniffNamedDocument(bytes, documentFormatOfName(`sample.${ext}`))).toEqual({ kind: 'document', format });
    }
  });

  it.each(DOCUMENT_FORMATS.filter((f) => FORMAT_DESCRIPTORS[f].sniff.by !== 'name'))('%s is recognised by its bytes alone, whatever the name', async (format) => {
    const bytes = await SAMPLES[format]();
    expect(sniffDocument(bytes)).toEqual({ kind: 'document', format });
    expect(sniffNamedDocument(bytes, 'eml')).toEqual({ kind: 'document', format });
  });

  it('a format no reader knows (a job from a newer caller) is refused as unsupported', async () => {
    await expect(readerOf('no-such-format' as DocumentFormat)).rejects.toMatchObject({ problem: 'unsupported' });
  });
});
