/**
 * Which documents a message names: the formats of its `@file` references that are read as
 * documents. Environment-neutral, so a caller learns whether a message needs the document readers
 * before it loads any of them (the CLI warms the extraction workers only then).
 */
import { documentFormatOfName } from './documents';
import type { DocumentFormat } from './formats';
import { parseReferences } from './grammar';

/** The formats of the documents `@file` references of `message` name, one entry per reference. */
export function documentsMentioned(message: string): DocumentFormat[] {
  return parseReferences(message)
    .filter((ref) => ref.kind === 'file' && !ref.malformed)
    .map((ref) => documentFormatOfName(ref.value))
    .filter((format): format is DocumentFormat => format !== null);
}
