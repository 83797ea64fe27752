import { readFile } from 'node:fs/promises';
import { text } from '../../shared/i18n/text';
import { documentFormatOfName } from '../../shared/documents';
import { formatReference } from '../../shared/grammar';
import { type Resolver, refuse } from '../resolve';
import { MAX_PASTED_IMAGE_BYTES, PASTED_IMAGE_NAME } from '../../shared/pasted-image';

/**
 * Finds a pasted image of the current session by the name its reference gives (`3f2a91c0d4e1.png`):
 * the real path of the kept file, or null when this session has none (or no session is open).
 */
export type ImageLookup = (name: string, signal: AbortSignal) => Promise<string | null>;

/** Sentences of `@image` (catalogue texts, so they are said in the person's language). */
const IMAGE_TEXT = {
  noSession: text('doc.pastedNoSession'),
  badName: (name: string) => text('doc.pastedBadName', { name }),
  notInSession: (name: string) => text('doc.pastedNotInSession', { name }),
} as const;

/**
 * `@image:NAME`: an image pasted or dropped on the composer, kept in the session folder as
 * `images/SHA256.EXT` and named by the first 12 hex digits of its digest and its extension. It is
 * read like an image attached with `@file` (OCR in the extraction worker, the same caps), and
 * `:text`, `:image` or `:both` after it says what is sent. The name is checked for its shape before
 * any lookup, so it never reaches a file name unchecked; only the current session's images are found.
 */
export function createImageResolver(lookup: ImageLookup | null): Resolver {
  return {
    kind: 'image',
    async resolve(ref, ctx) {
      const name = ref.value;
      if (!PASTED_IMAGE_NAME.test(name)) return refuse('not_found', IMAGE_TEXT.badName(name), name);
      if (!lookup) return refuse('not_found', IMAGE_TEXT.noSession, name);
      const realPath = await lookup(name, ctx.signal);
      if (!realPath) return refuse('not_found', IMAGE_TEXT.notInSession(name), name);
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await readFile(realPath, { signal: ctx.signal }));
      } catch {
        return refuse('not_found', IMAGE_TEXT.notInSession(name), name);
      }
      if (bytes.length > MAX_PASTED_IMAGE_BYTES) return refuse('not_found', IMAGE_TEXT.notInSession(name), name);
      // Loaded on first use: the document path (and its workers) is not part of a cold start.
      const { resolveDocument } = await import('./document');
      return resolveDocument({
        ref,
        ctx,
        bytes,
        namedFormat: documentFormatOfName(name),
        target: name,
        shown: name,
        subject: `pasted image ${name}`,
        source: { realPath, readAt: ctx.now().toISOString() },
        // An image has no pages: a range is refused before it is used.
        withRange: () => formatReference('image', name),
      });
    },
  };
}
