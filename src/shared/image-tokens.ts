/**
 * What an image costs in tokens when it is sent as an image part, by the endpoint family's rule.
 * Atmark sends images with `detail: "high"` and counts them by OpenAI's published tile rule
 * (docs/decisions.md, "Images: the image itself"): the image is scaled down to fit in 2048 × 2048,
 * then down again so its shorter side is at most 768; each 512-pixel tile of the result costs 170
 * tokens, plus 85 for the image. A 1920 × 1080 screenshot: 1365 × 768, 3 × 2 tiles, 1,105 tokens.
 * Endpoints of other families (local servers speaking OpenAI's protocol) are counted by the same
 * rule: it is what the request asks for, and no better figure is known before the reply.
 */

/** Tokens of one image of `width` × `height` pixels sent at high detail (OpenAI's tile rule). */
export function openAiImageTokens(width: number, height: number): number {
  if (width <= 0 || height <= 0) return 0;
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shorter = Math.min(1, 768 / Math.min(w, h));
  w = Math.floor(w * shorter);
  h = Math.floor(h * shorter);
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}

/** What counts of a reference toward the meters: its text's tokens, plus its image's when images are sent. */
export function withImageTokens<T extends { tokens: number; source: { document?: { image?: { tokens: number; send?: string | null } } } | null }>(ref: T, imagesSent: boolean): T {
  const picture = ref.source?.document?.image;
  // A reference that asked for its text alone sends no picture, whatever the endpoint takes.
  const image = imagesSent && picture && picture.send !== 'text' ? picture.tokens : 0;
  return image > 0 ? { ...ref, tokens: ref.tokens + image } : ref;
}
