import { isImageFormat, documentFormatOfName } from '../documents';
import type { ImageSendMode, ParsedReference } from '../reference';
import { syntaxForm } from './chars';

/**
 * What is sent of an image (docs/grammar.md "Images"): after a path ending in `.png`, `.jpg`,
 * `.jpeg`, `.webp` or `.gif`, a colon and `text`, `image` or `both`. The word is code, like the
 * kind: the chip card writes it when the person picks Text, Image or Both, and shows it in their
 * language. Without it the default holds: the text, and the picture too where the endpoint
 * accepts images.
 */

export const IMAGE_SEND_MODES: readonly ImageSendMode[] = ['text', 'image', 'both'];

/** The mode word at the end of an unquoted value (`shot.png:image`), in syntax form. */
const MODE_AT_END = /:(text|image|both)$/i;
/** The mode word right after a quoted value (`"my shot.png":both`), ended by anything but a letter or digit. */
const MODE_AFTER_QUOTE = /^:(text|image|both)(?![0-9A-Za-z_])/i;

/** True for a path named as a PNG, JPEG, WebP or GIF: a reference to it may say what is sent. */
export function isImageName(path: string): boolean {
  const format = documentFormatOfName(path);
  return format !== null && isImageFormat(format);
}

/** Splits `value` (an unquoted path as written) into the path and its mode, when it ends in one after an image name. */
export function splitImageMode(value: string): { path: string; mode: ImageSendMode } | null {
  const m = MODE_AT_END.exec(syntaxForm(value));
  if (!m) return null;
  const path = value.slice(0, value.length - m[0].length);
  return isImageName(path) ? { path, mode: m[1]!.toLowerCase() as ImageSendMode } : null;
}

/** The mode written right after a quoted image path, and how many characters it takes; null when none. */
export function imageModeAfterQuote(after: string, path: string): { mode: ImageSendMode; length: number } | null {
  if (!isImageName(path)) return null;
  const m = MODE_AFTER_QUOTE.exec(syntaxForm(after.slice(0, 8)));
  return m ? { mode: m[1]!.toLowerCase() as ImageSendMode, length: m[0].length } : null;
}

/**
 * `ref` written with another mode (`null`: the default, no suffix): what the chip card's choice
 * puts in the text in place of `ref.raw`.
 */
export function withImageMode(ref: Pick<ParsedReference<string>, 'raw' | 'imageMode'>, mode: ImageSendMode | null): string {
  const base = ref.imageMode ? ref.raw.slice(0, ref.raw.length - ref.imageMode.length - 1) : ref.raw;
  return mode ? `${base}:${mode}` : base;
}
