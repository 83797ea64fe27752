/**
 * What a zip-based document holds that Atmark deliberately does not read (macros, embedded
 * objects, external links, images), by entry name. Apart from the repacking (./repack.ts) so that
 * sniffing a zip's directory does not load fflate, which a cold `expand` of a text file never needs.
 */
import type { DocumentNotice } from './protocol';
import type { ZipArchive } from './zip';

/** What an entry name is, when it is something Atmark deliberately does not read. */
export function noticeFor(name: string): DocumentNotice | null {
  const lower = name.toLowerCase();
  if (/vbaproject\.bin$|vbadata\.xml$|(^|\/)basic\//.test(lower)) return 'macros';
  if (/(^|\/)(embeddings|activex|objectreplacements)\//.test(lower) || /(^|\/)object ?\d+\//.test(lower)) return 'embedded';
  if (/(^|\/)externallinks\//.test(lower)) return 'external-links';
  if (/(^|\/)(media|pictures|thumbnails|bindata)\//.test(lower)) return 'images';
  return null;
}

/** The notices for every entry of `archive` that will not be read, each once. */
export function noticesOf(archive: ZipArchive): DocumentNotice[] {
  const found = new Set<DocumentNotice>();
  for (const name of archive.names()) {
    const notice = noticeFor(name);
    if (notice && notice !== 'images') found.add(notice);
  }
  return [...found];
}
