/**
 * An image as it is sent to a model: the same pixels with the metadata left out. Photos carry EXIF
 * (GPS position, camera serial number, owner's name, the time taken), XMP and comments; a person
 * attaching a screenshot or a photo means to send the picture, not where it was taken. The
 * segments and chunks that hold metadata are dropped without re-encoding, so the pixels are
 * exactly the original's:
 * - JPEG: APP1 (EXIF, XMP), APP13 (Photoshop IRB, IPTC) and COM segments, and the makers' own
 *   APP3..APP12 and APP15. What decoding needs stays: APP0 (JFIF), APP2's colour profile and
 *   APP14 (Adobe's colour transform). EXIF orientation goes with EXIF: a phone photo taken on its
 *   side may then arrive rotated.
 * - PNG: eXIf, tEXt, zTXt, iTXt and tIME chunks.
 * - WebP: EXIF and XMP chunks, and the VP8X flags that announced them.
 * - GIF: comment and application extensions (XMP lives in one).
 * Every loop is bounded by the bytes it walks; a structure that does not add up is an error, and
 * the image is then not sent rather than sent with its metadata.
 */
import type { ImageFormat } from '../../shared/documents';

/** What was removed, for the preview ("EXIF removed: GPS, camera serial"). */
export interface StrippedImage {
  bytes: Uint8Array;
  /** Kinds of metadata removed: `exif`, `xmp`, `comment`, `text`, `time`, `other`. */
  removed: string[];
}

export class ImageMetadataError extends Error {
  override name = 'ImageMetadataError';
}

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

function stripJpeg(b: Uint8Array): StrippedImage {
  const out: Uint8Array[] = [b.subarray(0, 2)];
  const removed = new Set<string>();
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff || at + 1 >= b.length) throw new ImageMetadataError('JPEG segment marker expected');
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Start of scan: the rest is entropy-coded data up to EOI, kept whole.
    if (marker === 0xda || marker === 0xd9) {
      out.push(b.subarray(at));
      break;
    }
    if (marker >= 0xd0 && marker <= 0xd7) throw new ImageMetadataError('restart marker outside a scan');
    if (at + 4 > b.length) throw new ImageMetadataError('JPEG segment cut short');
    const length = (b[at + 2]! << 8) | b[at + 3]!;
    if (length < 2 || at + 2 + length > b.length) throw new ImageMetadataError('JPEG segment length out of bounds');
    const segment = b.subarray(at, at + 2 + length);
    const id = ascii(b, at + 4, Math.min(29, length - 2));
    const needed = (marker === 0xe2 && id.startsWith('ICC_PROFILE')) || (marker === 0xee && id.startsWith('Adobe'));
    if (marker >= 0xe1 && marker <= 0xef && !needed) {
      removed.add(id.startsWith('Exif') ? 'exif' : id.startsWith('http://ns.adobe.com/xap') ? 'xmp' : 'other');
    } else if (marker === 0xfe) {
      removed.add('comment');
    } else {
      out.push(segment);
    }
    at += 2 + length;
  }
  return { bytes: concat(out), removed: [...removed] };
}

const PNG_DROPPED: Readonly<Record<string, string>> = { eXIf: 'exif', tEXt: 'text', zTXt: 'text', iTXt: 'text', tIME: 'time' };

function stripPng(b: Uint8Array): StrippedImage {
  const out: Uint8Array[] = [b.subarray(0, 8)];
  const removed = new Set<string>();
  let at = 8;
  while (at < b.length) {
    if (at + 12 > b.length) throw new ImageMetadataError('PNG chunk cut short');
    const length = ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
    const end = at + 12 + length;
    if (end > b.length) throw new ImageMetadataError('PNG chunk length out of bounds');
    const type = ascii(b, at + 4, 4);
    // iTXt holds XMP under the keyword XML:com.adobe.xmp.
    if (PNG_DROPPED[type]) removed.add(type === 'iTXt' && ascii(b, at + 8, 17) === 'XML:com.adobe.xmp' ? 'xmp' : PNG_DROPPED[type]!);
    else out.push(b.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  return { bytes: concat(out), removed: [...removed] };
}

function stripWebp(b: Uint8Array): StrippedImage {
  if (b.length < 12) throw new ImageMetadataError('WebP header cut short');
  const chunks: Uint8Array[] = [];
  const removed = new Set<string>();
  let at = 12;
  while (at + 8 <= b.length) {
    const size = b[at + 4]! | (b[at + 5]! << 8) | (b[at + 6]! << 16) | ((b[at + 7]! << 24) >>> 0);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > b.length) throw new ImageMetadataError('WebP chunk size out of bounds');
    const type = ascii(b, at, 4);
    if (type === 'EXIF') removed.add('exif');
    else if (type === 'XMP ') removed.add('xmp');
    else {
      const chunk = b.slice(at, Math.min(end, b.length));
      // VP8X flags: bit 3 says EXIF follows, bit 2 XMP; they go with the chunks.
      if (type === 'VP8X' && chunk.length > 8) chunk[8] = chunk[8]! & ~0x0c;
      chunks.push(chunk);
    }
    at = end;
  }
  const body = concat(chunks);
  const head = new Uint8Array(12);
  head.set(b.subarray(0, 12));
  new DataView(head.buffer).setUint32(4, body.length + 4, true);
  return { bytes: concat([head, body]), removed: [...removed] };
}

function stripGif(b: Uint8Array): StrippedImage {
  if (b.length < 13) throw new ImageMetadataError('GIF header cut short');
  const out: Uint8Array[] = [];
  const removed = new Set<string>();
  const colorTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + colorTable(b[10]!);
  out.push(b.subarray(0, at));
  /** Index just past a run of data sub-blocks starting at `from`. */
  const skipBlocks = (from: number) => {
    let p = from;
    while (p < b.length && b[p] !== 0) p += b[p]! + 1;
    if (p >= b.length) throw new ImageMetadataError('GIF data blocks cut short');
    return p + 1;
  };
  while (at < b.length) {
    const kind = b[at]!;
    if (kind === 0x3b) {
      out.push(b.subarray(at, at + 1));
      break;
    }
    if (kind === 0x21) {
      const label = b[at + 1]!;
      const end = skipBlocks(at + 2);
      if (label === 0xfe) removed.add('comment');
      else if (label === 0xff) removed.add(ascii(b, at + 3, 11).startsWith('XMP Data') ? 'xmp' : 'other');
      else out.push(b.subarray(at, end));
      at = end;
    } else if (kind === 0x2c) {
      if (at + 10 > b.length) throw new ImageMetadataError('GIF image descriptor cut short');
      const start = at;
      at += 10 + colorTable(b[at + 9]!);
      at = skipBlocks(at + 1); // LZW minimum code size, then the image data blocks
      out.push(b.subarray(start, at));
    } else {
      throw new ImageMetadataError('unknown GIF block');
    }
  }
  return { bytes: concat(out), removed: [...removed] };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `bytes` without their metadata; throws {@link ImageMetadataError} when the structure does not add up. */
export function stripImageMetadata(bytes: Uint8Array, format: ImageFormat): StrippedImage {
  switch (format) {
    case 'jpeg':
      return stripJpeg(bytes);
    case 'png':
      return stripPng(bytes);
    case 'webp':
      return stripWebp(bytes);
    case 'gif':
      return stripGif(bytes);
  }
}

const MIME: Readonly<Record<ImageFormat, string>> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** The `data:` URL of an image, as OpenAI's `image_url` part takes it. */
export function imageDataUrl(bytes: Uint8Array, format: ImageFormat): string {
  return `data:${MIME[format]};base64,${Buffer.from(bytes).toString('base64')}`;
}
