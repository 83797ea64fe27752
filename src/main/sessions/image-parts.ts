/**
 * The images of an expansion as image content parts, for an endpoint that accepts images: each
 * attached image reference is read again from its real path, must be the very bytes that were
 * read for the preview (their sha256 is in its citation), and is sent with its metadata dropped
 * (extraction/image-metadata.ts). An image that changed since, or whose structure does not add up,
 * is not sent; its text, already in the message, still is.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { isImageFormat } from '../../shared/documents';
import type { ExpansionResult } from '../../shared/expansion';
import { imageDataUrl, stripImageMetadata, type ChatContentPart, type ChatMessage } from '../model';
import { MAX_DOCUMENT_BYTES } from '../../shared/limits';

/** One image sent, or why it was not. */
export interface ImagePartOutcome {
  raw: string;
  sent: boolean;
  /** Metadata kinds removed (`exif`, `xmp`, ...) when sent; why not otherwise. */
  removed?: string[];
  problem?: 'changed' | 'unreadable' | 'damaged';
}

async function imagePart(path: string, sha256: string, format: string): Promise<{ part: ChatContentPart; removed: string[] } | { problem: NonNullable<ImagePartOutcome['problem']> }> {
  if (!isImageFormat(format)) return { problem: 'unreadable' };
  let bytes: Uint8Array;
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_DOCUMENT_BYTES) return { problem: 'unreadable' };
    bytes = new Uint8Array(await readFile(path));
  } catch {
    return { problem: 'unreadable' };
  }
  if (createHash('sha256').update(bytes).digest('hex') !== sha256) return { problem: 'changed' };
  try {
    const stripped = stripImageMetadata(bytes, format);
    return { part: { type: 'image_url', image_url: { url: imageDataUrl(stripped.bytes, format), detail: 'high' } }, removed: stripped.removed };
  } catch {
    return { problem: 'damaged' };
  }
}

/**
 * The references of `expansion` that send their picture only (`@file:shot.png:image`): an endpoint
 * that does not accept images would get no more than a line saying a picture follows, so Send
 * refuses them there rather than send that.
 */
export function pictureOnlyReferences(expansion: ExpansionResult): string[] {
  return expansion.references.filter((r) => r.status === 'attached' && r.source?.document?.image?.send === 'image').map((r) => r.raw);
}

/**
 * The user message for `expansion`: its text alone, or, when `acceptsImages`, its text followed
 * by one image part per attached image.
 */
export async function userMessage(expansion: ExpansionResult, acceptsImages: boolean): Promise<{ message: ChatMessage; images: ImagePartOutcome[] }> {
  const images: ImagePartOutcome[] = [];
  const parts: ChatContentPart[] = [];
  if (acceptsImages) {
    for (const ref of expansion.references) {
      const doc = ref.source?.document;
      // A reference that asked for its text alone (`:text`) sends no picture.
      if (ref.status !== 'attached' || !doc?.image || doc.image.send === 'text' || !ref.source?.realPath) continue;
      const made = await imagePart(ref.source.realPath, doc.sha256, doc.format);
      if ('part' in made) {
        parts.push(made.part);
        images.push({ raw: ref.raw, sent: true, removed: made.removed });
      } else images.push({ raw: ref.raw, sent: false, problem: made.problem });
    }
  }
  const message: ChatMessage = parts.length ? { role: 'user', content: [{ type: 'text', text: expansion.message }, ...parts] } : { role: 'user', content: expansion.message };
  return { message, images };
}
