/**
 * How a pasted image is named (docs/contract.md "Pasted images"): kept in the session folder as
 * `images/SHA256.EXT`, and referred to as `@image:` + the first 12 hex digits of the digest + the
 * extension. 48 bits tell a session's images apart; a name two kept files share finds neither.
 */

/** Bytes of one pasted image kept at most (the window refuses larger ones first). */
export const MAX_PASTED_IMAGE_BYTES = 20 * 1024 * 1024;

/** Hex digits of the digest in a pasted image's reference. */
export const PASTED_NAME_DIGITS = 12;

/** The shape of a pasted image's name in its reference: `3f2a91c0d4e1.png`. */
export const PASTED_IMAGE_NAME = /^[0-9a-f]{12}\.(?:png|jpg|webp|gif)$/;

/** The reference name of a kept image: its digest's first digits and its extension. */
export function pastedImageName(sha256: string, extension: string): string {
  return `${sha256.slice(0, PASTED_NAME_DIGITS)}.${extension}`;
}
