/**
 * Images pasted or dropped on the composer, as Send receives them from the window: each is checked
 * to be a PNG, JPEG, WebP or GIF within the size caps (by its header, nothing decoded) and kept in
 * the session folder as `images/SHA256.EXT`, like results, so the run cites it by its sha256.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageFormat } from '../../shared/documents';
import { FORMAT_DESCRIPTORS } from '../../shared/formats';
import { imageFits, readImageHeader } from '../../shared/image-header';

/** Bytes of one pasted image kept at most (the window refuses larger ones first). */
export const MAX_PASTED_IMAGE_BYTES = 20 * 1024 * 1024;

/** A pasted image as the window sends it. */
export interface PastedImage {
  /** Its file name; null for a pasted screenshot. */
  name: string | null;
  /** A `data:image/...;base64,` URL. */
  dataUrl: string;
}

/** A pasted image kept in the session folder. */
export interface KeptImage {
  name: string | null;
  sha256: string;
  format: ImageFormat;
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** The bytes of a `data:image/...;base64,` URL, or null when it is not one or is too large. */
function bytesOf(dataUrl: string): Uint8Array | null {
  const match = /^data:image\/[a-z0-9.+-]+;base64,/i.exec(dataUrl);
  if (!match || (dataUrl.length - match[0].length) * 0.75 > MAX_PASTED_IMAGE_BYTES + 4) return null;
  return new Uint8Array(Buffer.from(dataUrl.slice(match[0].length), 'base64'));
}

/**
 * Keeps each image that is one, within the caps, in `sessionDir/images/`; the others are left out
 * (the window showed them, and says they were not kept). Never throws for a bad image; a write
 * failure rejects.
 */
export async function keepPastedImages(sessionDir: string, images: readonly PastedImage[]): Promise<KeptImage[]> {
  const kept: KeptImage[] = [];
  for (const image of images) {
    const bytes = bytesOf(image.dataUrl);
    const header = bytes ? readImageHeader(bytes) : null;
    if (!bytes || !header || !imageFits(header)) continue;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const dir = path.join(sessionDir, 'images');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${sha256}.${FORMAT_DESCRIPTORS[header.format].extensions[0]}`), bytes);
    kept.push({ name: image.name, sha256, format: header.format, width: header.width, height: header.height, bytes });
  }
  return kept;
}
