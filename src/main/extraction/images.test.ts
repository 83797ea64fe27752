import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExtraction } from './run-extraction';
import { extractJob } from './extract-job';
import { MAX_IMAGE_PIXELS, imageFits, readImageHeader } from '../../shared/image-header';
import { ocrRequests } from './ocr-engine';
import { tidyLines } from './tidy-lines';
import type { DocumentJob, DocumentOutput } from './protocol';
import type { JobBudget } from './worker-slot';
import { closeImageBrowser, pngDeclaring, renderBlankImage, renderTextImage } from '../../../test-support/images';

// OCR of screenshots rendered here by Chromium with the system's Noto CJK fonts, read in the real
// extraction worker with the models shipped as npm packages. Budgets are the tests' own, generous:
// a busy machine may be many times slower than a laptop.
const ample: JobBudget = { workMs: 300_000, idleMs: 300_000, clockMs: 600_000 };

const JAPANESE = ['請求書の締め切りは金曜日です', '売上報告を確認してください'];
const KOREAN = ['회의는 목요일 오후에 열립니다', '보고서를 확인해 주세요'];

let japanesePng: Uint8Array;
let koreanPng: Uint8Array;
let japaneseJpeg: Uint8Array;
let blankPng: Uint8Array;

beforeAll(async () => {
  japanesePng = await renderTextImage(JAPANESE, { lang: 'ja' });
  koreanPng = await renderTextImage(KOREAN, { lang: 'ko' });
  japaneseJpeg = await renderTextImage(['東京本社で会議を開きます', 'Quarterly report 2026'], { lang: 'ja', type: 'jpeg' });
  blankPng = await renderBlankImage();
}, 120_000);
afterAll(() => closeImageBrowser());

function job(bytes: Uint8Array, format: DocumentJob['format'] = 'png'): DocumentJob {
  // A copy: the pool transfers the bytes to the worker, which detaches the array given.
  return { kind: 'document', bytes: bytes.slice(), format, range: null, maxTextBytes: 1 << 20, maxInflatedBytes: 1 << 20 };
}

async function read(bytes: Uint8Array, format: DocumentJob['format'] = 'png'): Promise<DocumentOutput> {
  const result = await runExtraction(job(bytes, format), { budget: ample });
  if (!result.ok) throw new Error(`${result.problem}: ${result.detail}`);
  return result.output as DocumentOutput;
}

describe('image headers', () => {
  it('reads the declared size of PNG and JPEG screenshots without decoding them', () => {
    expect(readImageHeader(japanesePng)).toMatchObject({ format: 'png' });
    const png = readImageHeader(japanesePng)!;
    const jpeg = readImageHeader(japaneseJpeg)!;
    expect(jpeg.format).toBe('jpeg');
    expect(png.width).toBeGreaterThan(300);
    expect(png.height).toBeGreaterThan(60);
    expect(jpeg.width).toBeGreaterThan(300);
  });

  it('reads GIF and WebP headers, and refuses bytes that are no image', () => {
    // A 1 × 1 GIF89a and a lossless WebP header (VP8L, 640 × 480).
    const gif = Uint8Array.from(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
    expect(readImageHeader(gif)).toEqual({ format: 'gif', width: 1, height: 1 });
    const vp8l = Buffer.alloc(30);
    vp8l.write('RIFF', 0, 'latin1');
    vp8l.write('WEBPVP8L', 8, 'latin1');
    vp8l[20] = 0x2f;
    const bits = (640 - 1) | ((480 - 1) << 14);
    vp8l.writeUInt32LE(bits >>> 0, 21);
    expect(readImageHeader(new Uint8Array(vp8l))).toEqual({ format: 'webp', width: 640, height: 480 });
    expect(readImageHeader(new TextEncoder().encode('not an image at all'))).toBeNull();
  });

  it('a 30000 × 30000 PNG header is over the caps', () => {
    const header = readImageHeader(pngDeclaring(30_000, 30_000))!;
    expect(header).toEqual({ format: 'png', width: 30_000, height: 30_000 });
    expect(imageFits(header)).toBe(false);
    expect(imageFits({ format: 'png', width: 1920, height: 1080 })).toBe(true);
    expect(header.width * header.height).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });
});

describe('OCR in the extraction worker', () => {
  it('reads Japanese from a PNG screenshot, with no spaces put between the characters', async () => {
    const out = await read(japanesePng);
    const text = out.parts[0]!.markdown;
    expect(text).toContain('請求書');
    expect(text).toContain('金曜日');
    expect(text).toContain('売上報告');
    expect(out.format).toBe('png');
    expect(out.extractor).toMatch(/^tesseract\.js \d+\.\d+\.\d+ \(jpn\+kor\+eng 4\.0\.0_best_int\)$/);
    expect(out.image!.confidence).toBeGreaterThan(70);
  }, 300_000);

  it('reads Korean from a PNG screenshot, keeping the spaces between words', async () => {
    const text = (await read(koreanPng)).parts[0]!.markdown;
    expect(text).toContain('회의는');
    expect(text).toContain('목요일');
    expect(text).toContain('보고서를');
  }, 300_000);

  it('reads a JPEG with Japanese and English on it', async () => {
    const text = (await read(japaneseJpeg, 'jpeg')).parts[0]!.markdown;
    expect(text).toContain('東京本社');
    expect(text).toContain('Quarterly report 2026');
  }, 300_000);

  it('gives no text for a blank image, with no confidence', async () => {
    const out = await read(blankPng);
    expect(out.parts[0]!.markdown).toBe('');
    expect(out.image!.confidence).toBe(0);
  }, 300_000);

  it('refuses a PNG declaring 30000 × 30000 pixels before decoding it', async () => {
    const result = await runExtraction(job(pngDeclaring(30_000, 30_000)), { budget: ample });
    expect(result).toMatchObject({ ok: false, problem: 'too-many-pixels', detail: '30000x30000' });
  }, 300_000);
});

describe('OCR fetches nothing', () => {
  it('reads in this thread with fetch made to fail loudly: nothing is fetched, and only the three shipped models are read', async () => {
    const realFetch = globalThis.fetch;
    let fetched = 0;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
      fetched++;
      return realFetch(...args);
    }) as typeof fetch;
    try {
      const result = await extractJob(job(koreanPng));
      expect(result.ok ? 'ok' : `${result.problem} ${result.detail}`).toBe('ok');
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(fetched).toBe(0);
    // What tesseract.js's worker script asked its adapter for: model names, never a URL.
    expect(ocrRequests.length).toBe(3);
    expect([...ocrRequests].sort()).toEqual(['atmark-ocr-models/eng.traineddata.gz', 'atmark-ocr-models/jpn.traineddata.gz', 'atmark-ocr-models/kor.traineddata.gz']);
  }, 300_000);
});

describe('tidyLines (OCR text)', () => {
  it('drops trailing spaces and runs of blank lines, keeping lines', () => {
    expect(tidyLines('一行目  \n\n\n\n二行目\n')).toBe('一行目\n\n二行目');
  });
});
