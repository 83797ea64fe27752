import { formatBytes } from '../../shared/format-bytes';

/** Formats bytes for people, in the units of the limits (see shared/format-bytes). */
export const formatSize = formatBytes;

/** Formats a token count with thousands separators. */
export function formatTokens(tokens: number): string {
  return tokens.toLocaleString('en');
}
