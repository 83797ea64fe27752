/**
 * Images pasted or dropped on the composer, as Send receives them from the window: each is checked
 * to be a PNG, JPEG, WebP or GIF within the size caps (by its header, nothing decoded) and kept in
 * the session folder as `images/SHA256.EXT`, like results, so the run cites it by its sha256.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageFormat } from '../../shared/documents';
import { FORMAT_DESCRIPTORS } from '../../shared/formats';
import { imageFits, readImageHeader } from '../../shared/image-header';
import { MAX_PASTED_IMAGE_BYTES, PASTED_IMAGE_NAME, PASTED_NAME_DIGITS, pastedImageName } from '../../shared/pasted-image';
import type { ImageLookup } from '../resolvers';


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
  /** Its name in an `@image:` reference: `3f2a91c0d4e1.png`. */
  reference: string;
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
    // The extension a file of its format is saved with.
    const extension = FORMAT_DESCRIPTORS[header.format].extensions[0];
    await writeFile(path.join(dir, `${sha256}.${extension}`), bytes);
    kept.push({ name: image.name, reference: pastedImageName(sha256, extension), sha256, format: header.format, width: header.width, height: header.height, bytes });
  }
  return kept;
}

/**
 * `@image:` lookups in the session folder `dirOf` gives (null: no session open): the kept file whose
 * digest starts with the name's digits and whose extension is the name's. Two such files (48 bits
 * shared) find none, so a name never picks the wrong image.
 */
export function pastedImageLookup(dirOf: () => Promise<string | null>): ImageLookup {
  return async (name) => {
    if (!PASTED_IMAGE_NAME.test(name)) return null;
    const dir = await dirOf();
    if (!dir) return null;
    const prefix = name.slice(0, PASTED_NAME_DIGITS);
    const extension = name.slice(PASTED_NAME_DIGITS);
    let entries: string[];
    try {
      entries = await readdir(path.join(dir, 'images'));
    } catch {
      return null;
    }
    const found = entries.filter((e) => e.startsWith(prefix) && e.endsWith(extension) && /^[0-9a-f]{64}\.[a-z]+$/.test(e));
    return found.length === 1 ? path.join(dir, 'images', found[0]!) : null;
  };
}
