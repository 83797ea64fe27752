/**
 * Test images: screenshots of Japanese, Korean and English text rendered by Chromium (Debian's,
 * through playwright-core, with the system's Noto CJK fonts), a JPEG carrying GPS and a camera
 * serial number in its EXIF, and a PNG that declares 30000 × 30000 pixels in a few dozen bytes.
 * Not imported by product code.
 */
import { crc32 } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser';

let browser: Promise<Browser> | null = null;

/** One Chromium for the test file; close it with {@link closeImageBrowser}. */
function sharedBrowser(): Promise<Browser> {
  browser ??= launchChromium();
  return browser;
}

/** Closes the browser the makers started (call in afterAll). */
export async function closeImageBrowser(): Promise<void> {
  const b = browser;
  browser = null;
  if (b) await (await b).close();
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A screenshot (PNG, or JPEG with `type`) of `lines` set in Noto Sans CJK at `px` pixels, black on white. */
export async function renderTextImage(lines: readonly string[], options: { lang?: string; px?: number; type?: 'png' | 'jpeg' } = {}): Promise<Uint8Array> {
  const page = await (await sharedBrowser()).newPage({ viewport: { width: 900, height: 200 }, deviceScaleFactor: 1 });
  try {
    const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
    await page.setContent(
      `<html lang="${options.lang ?? 'ja'}"><body style="margin:0;background:#fff"><div id="shot" style="display:inline-block;padding:24px 32px;font-family:'Noto Sans CJK JP','Noto Sans CJK KR',sans-serif;font-size:${options.px ?? 28}px;line-height:1.6;color:#000">${body}</div></body></html>`,
    );
    const shot = await page.locator('#shot').screenshot({ type: options.type ?? 'png', ...(options.type === 'jpeg' ? { quality: 92 } : {}) });
    return new Uint8Array(shot);
  } finally {
    await page.close();
  }
}

/** A blank white screenshot with nothing on it. */
export async function renderBlankImage(): Promise<Uint8Array> {
  const page = await (await sharedBrowser()).newPage({ viewport: { width: 400, height: 200 }, deviceScaleFactor: 1 });
  try {
    await page.setContent('<html><body style="margin:0;background:#fff"></body></html>');
    return new Uint8Array(await page.screenshot({ type: 'png' }));
  } finally {
    await page.close();
  }
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG whose header declares `width` × `height` pixels but which holds almost nothing after it. */
export function pngDeclaring(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), pngChunk('IEND', new Uint8Array(0))]));
}

/** The camera serial number {@link withGpsExif} writes, to look for in what is sent. */
export const EXIF_SERIAL = 'SN-ATMARK-48213';

/**
 * An EXIF APP1 segment (little-endian TIFF) with a GPS position (35° 39′ N, 139° 44′ E) and a
 * camera body serial number, built by hand: IFD0 points to an Exif IFD and a GPS IFD.
 */
function exifSegment(): Buffer {
  const tiff = Buffer.alloc(200);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    tiff.writeUInt32LE(value, at + 8);
  };
  // IFD0 at 8: two entries (Exif IFD pointer, GPS IFD pointer), next IFD 0.
  tiff.writeUInt16LE(2, 8);
  entry(10, 0x8769, 4, 1, 38); // ExifIFDPointer
  entry(22, 0x8825, 4, 1, 62); // GPSInfoIFDPointer
  tiff.writeUInt32LE(0, 34);
  // Exif IFD at 38: BodySerialNumber (ASCII) at 120.
  tiff.writeUInt16LE(1, 38);
  entry(40, 0xa431, 2, EXIF_SERIAL.length + 1, 120);
  tiff.writeUInt32LE(0, 52);
  // GPS IFD at 62: LatitudeRef 'N', Latitude (3 rationals at 140), LongitudeRef 'E', Longitude at 164.
  tiff.writeUInt16LE(4, 62);
  entry(64, 0x0001, 2, 2, 0x4e); // 'N\0' inline
  entry(76, 0x0002, 5, 3, 140);
  entry(88, 0x0003, 2, 2, 0x45); // 'E\0' inline
  entry(100, 0x0004, 5, 3, 164);
  tiff.writeUInt32LE(0, 112);
  tiff.write(`${EXIF_SERIAL}\0`, 120, 'latin1');
  [35, 1, 39, 1, 0, 1].forEach((v, i) => tiff.writeUInt32LE(v, 140 + i * 4));
  [139, 1, 44, 1, 0, 1].forEach((v, i) => tiff.writeUInt32LE(v, 164 + i * 4));
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff.subarray(0, 188)]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** `jpeg` with an EXIF segment (GPS and a camera serial) inserted right after its SOI marker. */
export function withGpsExif(jpeg: Uint8Array): Uint8Array {
  return new Uint8Array(Buffer.concat([Buffer.from(jpeg.subarray(0, 2)), exifSegment(), Buffer.from(jpeg.subarray(2))]));
}
