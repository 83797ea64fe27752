/**
 * Byte counts for people, one way everywhere: warnings, folder listings, meters, completion and the
 * history use the same units as the limits (1 KiB = 1024 bytes).
 */

/** Writes a size in bytes the way people read it: `532 B`, `1.2 KiB`, `64 KiB`, `3.4 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
