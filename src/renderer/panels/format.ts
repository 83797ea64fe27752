/** Formats bytes for people: `512 B`, `4.2 KB`, `1.3 MB` (1 KB = 1024 bytes, as the limits are). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Formats a token count with thousands separators. */
export function formatTokens(tokens: number): string {
  return tokens.toLocaleString('en');
}
