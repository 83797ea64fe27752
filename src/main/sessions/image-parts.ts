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
import { imageDataUrl, stripImageMetadata } from '../model/image-metadata';
import type { ChatContentPart, ChatMessage } from '../model/chat-stream';
import { MAX_DOCUMENT_BYTES } from '../resolvers/document';
import type { KeptImage } from './pasted-images';

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
 * The user message for `expansion`: its text alone, or, when `acceptsImages`, its text followed
 * by one image part per attached image.
 */
export async function userMessage(expansion: ExpansionResult, acceptsImages: boolean, pasted: readonly KeptImage[] = []): Promise<{ message: ChatMessage; images: ImagePartOutcome[] }> {
  const images: ImagePartOutcome[] = [];
  const parts: ChatContentPart[] = [];
  if (acceptsImages) {
    for (const ref of expansion.references) {
      const doc = ref.source?.document;
      if (ref.status !== 'attached' || !doc?.image || !ref.source?.realPath) continue;
      const made = await imagePart(ref.source.realPath, doc.sha256, doc.format);
      if ('part' in made) {
        parts.push(made.part);
        images.push({ raw: ref.raw, sent: true, removed: made.removed });
      } else images.push({ raw: ref.raw, sent: false, problem: made.problem });
    }
  }
  if (acceptsImages) {
    for (const image of pasted) {
      try {
        const stripped = stripImageMetadata(image.bytes, image.format);
        parts.push({ type: 'image_url', image_url: { url: imageDataUrl(stripped.bytes, image.format), detail: 'high' } });
        images.push({ raw: `pasted:${image.sha256}`, sent: true, removed: stripped.removed });
      } catch {
        images.push({ raw: `pasted:${image.sha256}`, sent: false, problem: 'damaged' });
      }
    }
  }
  const message: ChatMessage = parts.length ? { role: 'user', content: [{ type: 'text', text: expansion.message }, ...parts] } : { role: 'user', content: expansion.message };
  return { message, images };
}
