/**
 * What image a file is and how many pixels it declares, read from its header alone: nothing is
 * decoded. A decoder allocates width × height × 4 bytes before it reads a single pixel, so a
 * 30000 × 30000 PNG of a few hundred bytes would ask for 3.4 GiB; the declared size is checked
 * first and such an image is refused before any decoder sees it.
 */
import type { ImageFormat } from './documents';

/** An image's format and declared size. */
export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

/** JPEG markers scanned at most before the frame header (SOF) must have come. */
const MAX_JPEG_SEGMENTS = 1000;

function be16(b: Uint8Array, at: number): number {
  return (b[at]! << 8) | b[at + 1]!;
}

function be32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
}

function le16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}

function le24(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
}

function ascii(b: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...b.subarray(at, at + length));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** True when the bytes start like a PNG, JPEG, WebP or GIF (whatever follows). */
export function sniffImage(b: Uint8Array): ImageFormat | null {
  if (b.length >= 8 && PNG_SIGNATURE.every((v, i) => b[i] === v)) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'gif';
  return null;
}

function pngSize(b: Uint8Array): [number, number] | null {
  // The first chunk must be IHDR: length 13, then width and height as big-endian 32-bit numbers.
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return [be32(b, 16), be32(b, 20)];
}

function jpegSize(b: Uint8Array): [number, number] | null {
  let at = 2;
  for (let segments = 0; segments < MAX_JPEG_SEGMENTS && at + 4 <= b.length; segments++) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Start-of-frame markers (not DHT C4, JPG C8, DAC CC) hold the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > b.length) return null;
      return [be16(b, at + 7), be16(b, at + 5)];
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    at += 2 + be16(b, at + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30) return [le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff];
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X' && b.length >= 30) return [le24(b, 24) + 1, le24(b, 27) + 1];
  return null;
}

/** The image's format and declared size; null when the bytes are not an image this reads or the header is cut short. */
export function readImageHeader(b: Uint8Array): ImageHeader | null {
  const format = sniffImage(b);
  if (!format) return null;
  const size = format === 'png' ? pngSize(b) : format === 'jpeg' ? jpegSize(b) : format === 'webp' ? webpSize(b) : b.length >= 10 ? ([le16(b, 6), le16(b, 8)] as [number, number]) : null;
  if (!size || size[0] <= 0 || size[1] <= 0) return null;
  return { format, width: size[0], height: size[1] };
}

/**
 * The most pixels an image may declare to be read: 40 megapixels (a 7680 × 4320 screen is 33).
 * The OCR engine holds about 3 bytes a pixel on top of its 72 MiB of models (170 MiB for 36 megapixels, measured).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The longest side an image may declare: 16,384 pixels. */
export const MAX_IMAGE_SIDE = 16_384;

/** True when the declared size is within the caps. */
export function imageFits(header: ImageHeader): boolean {
  return header.width <= MAX_IMAGE_SIDE && header.height <= MAX_IMAGE_SIDE && header.width * header.height <= MAX_IMAGE_PIXELS;
}
