import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageMetadataError, imageDataUrl, stripImageMetadata } from './image-metadata';
import { readImageHeader } from '../../shared/image-header';
import { recognizeImage } from '../extraction/ocr-engine';
import { EXIF_SERIAL, closeImageBrowser, renderTextImage, withGpsExif } from '../../../test-support/images';

// What is sent is the picture without where it was taken: EXIF (GPS, camera serial) is dropped,
// the pixels are the original's (the image still reads), and a damaged structure is an error.

let jpeg: Uint8Array;
let png: Uint8Array;

beforeAll(async () => {
  jpeg = withGpsExif(await renderTextImage(['東京本社で会議を開きます'], { lang: 'ja', type: 'jpeg' }));
  png = await renderTextImage(['보고서를 확인해 주세요'], { lang: 'ko' });
}, 120_000);
afterAll(() => closeImageBrowser());

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('stripImageMetadata', () => {
  it('drops the EXIF segment of a JPEG carrying GPS and a camera serial; the image still reads', async () => {
    expect(latin1(jpeg)).toContain(EXIF_SERIAL);
    expect(latin1(jpeg)).toContain('Exif\0\0');
    const { bytes, removed } = stripImageMetadata(jpeg, 'jpeg');
    expect(removed).toEqual(['exif']);
    expect(latin1(bytes)).not.toContain(EXIF_SERIAL);
    expect(latin1(bytes)).not.toContain('Exif\0\0');
    expect(bytes.length).toBe(jpeg.length - (4 + 6 + 188));
    expect(readImageHeader(bytes)).toEqual(readImageHeader(jpeg));
    expect((await recognizeImage(bytes)).text).toContain('東京本社');
  }, 300_000);

  it('drops text and EXIF chunks of a PNG, keeping the image chunks byte for byte', () => {
    // A tEXt chunk with a name in it, inserted after IHDR (8 + 25 bytes).
    const text = Buffer.from('tEXtAuthor\0Kim Minji');
    const chunk = Buffer.alloc(4 + text.length + 4);
    chunk.writeUInt32BE(text.length - 4, 0);
    text.copy(chunk, 4);
    const tagged = new Uint8Array(Buffer.concat([Buffer.from(png.subarray(0, 33)), chunk, Buffer.from(png.subarray(33))]));
    const { bytes, removed } = stripImageMetadata(tagged, 'png');
    expect(removed).toEqual(['text']);
    expect(latin1(bytes)).not.toContain('Kim Minji');
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(stripImageMetadata(png, 'png').bytes))).toBe(0);
  });

  it('refuses a JPEG whose segment runs past its end rather than send it unstripped', () => {
    const cut = jpeg.slice(0, 30);
    expect(() => stripImageMetadata(cut, 'jpeg')).toThrow(ImageMetadataError);
  });

  it('makes a data: URL with the image type', () => {
    expect(imageDataUrl(new Uint8Array([1, 2, 3]), 'png')).toBe('data:image/png;base64,AQID');
  });
});
