/**
 * Rebuilds a zip-based document with only the entries a library needs, every one inflated through
 * {@link ZipArchive}'s caps and stored uncompressed. A library that opens zips itself (mammoth)
 * then never inflates anything: the bomb checks happened here. Entries that are never
 * read (macros, embedded objects, media) are left out and reported.
 */
import { zipSync, type Zippable } from 'fflate';
import type { ZipArchive } from './zip';
import { noticeFor } from './zip-notices';

/**
 * A stored (uncompressed) zip of the entries of `archive` that `keep` accepts and are not skipped,
 * in the order `order` gives (default: the archive's). `substitute` may give an entry's bytes
 * instead of inflating it (a sheet outside the range asked for becomes an empty one).
 */
export function repack(
  archive: ZipArchive,
  keep: (name: string) => boolean = () => true,
  order: (names: string[]) => string[] = (n) => n,
  substitute: (name: string) => Uint8Array | null = () => null,
): Uint8Array {
  const files: Zippable = {};
  for (const name of order(archive.names())) {
    if (name.endsWith('/') || noticeFor(name) || !keep(name)) continue;
    files[name] = [substitute(name) ?? archive.bytesOf(name)!, { level: 0 }];
  }
  return zipSync(files, { level: 0 });
}
