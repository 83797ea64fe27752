/**
 * A zip reader for office documents that fails fast on bombs. The central directory is read first
 * and judged before anything is inflated: too many entries, entries that share or overlap each
 * other's bytes (the trick of non-recursive zip bombs: one stream listed 250 times), or declared
 * sizes of the parts that are read past the budget, are refused at once. Entries are inflated only
 * when asked for, each capped at the size it declares and at what is left of the shared budget, so
 * a deflate stream that lies about its size (a deflate bomb) stops as soon as it passes it, and the
 * inflated bytes of a whole document never pass the budget. Encrypted entries and ZIP64 archives are
 * refused. Parts never read (media, macros, embedded objects) count for nothing.
 */
import { constants as zlibConstants, inflateRawSync } from 'node:zlib';
import { DocumentProblem } from './document-problem';
import { noticeFor } from './zip-notices';

/** One file of the archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of the entry's local header. */
  offset: number;
  encrypted: boolean;
}

/** Entries an office document may hold: more is a bomb or not a document. */
export const MAX_ZIP_ENTRIES = 20_000;

/** Compressed bytes a prefix read starts with (see {@link ZipArchive.textPrefixOf}). */
const PREFIX_START = 64 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** True when `bytes` start like a zip archive. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= Math.max(0, last - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw new DocumentProblem('damaged', 'no zip directory');
}

/**
 * Reads the central directory of `bytes`. Throws {@link DocumentProblem} (`damaged`) when it is
 * broken. `bytes` may be only the end of the archive, starting at offset `base` of the file: the
 * directory is at the end, so its names can be read without the rest (entry offsets stay file offsets).
 */
export function readZipDirectory(bytes: Uint8Array, base = 0): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  const dirOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || dirOffset === 0xffffffff) throw new DocumentProblem('bomb', 'ZIP64 archive');
  if (count > MAX_ZIP_ENTRIES) throw new DocumentProblem('bomb', `${count} entries`);
  if (dirOffset < base) throw new DocumentProblem('damaged', 'the directory starts before the bytes given');
  const entries: ZipEntry[] = [];
  let at = dirOffset - base;
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) throw new DocumentProblem('damaged', 'broken zip directory');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      encrypted: (view.getUint16(at + 8, true) & 1) === 1,
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A zip archive whose entries are inflated on demand within one byte budget. */
export class ZipArchive {
  private readonly byName = new Map<string, ZipEntry>();
  private readonly view: DataView;
  private inflated = 0;

  /** Reads and judges the directory; throws {@link DocumentProblem} for bombs and broken archives. */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly budget: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const entries = readZipDirectory(bytes);
    this.refuseOverlaps(entries);
    let declared = 0;
    for (const entry of entries) {
      // Media, macros and embedded objects are never inflated: their sizes do not count.
      if (noticeFor(entry.name) === null) declared += entry.size;
      this.byName.set(entry.name, entry);
    }
    if (declared > budget) throw new DocumentProblem('bomb', `entries declare ${declared} bytes`);
  }

  /** Every entry must own its bytes: two listings of one stream, or streams that overlap, are a bomb. */
  private refuseOverlaps(entries: readonly ZipEntry[]): void {
    const spans = entries.map((e) => ({ start: e.offset, end: this.dataStart(e) + e.compressedSize })).sort((a, b) => a.start - b.start);
    for (let i = 1; i < spans.length; i++) {
      if (spans[i]!.start < spans[i - 1]!.end) throw new DocumentProblem('bomb', 'entries share their bytes');
    }
  }

  /** Where an entry's compressed bytes start, after its local header. */
  private dataStart(entry: ZipEntry): number {
    const local = entry.offset;
    if (local + 30 > this.bytes.length || this.view.getUint32(local, true) !== LOCAL) throw new DocumentProblem('damaged', `broken entry ${entry.name}`);
    return local + 30 + this.view.getUint16(local + 26, true) + this.view.getUint16(local + 28, true);
  }

  /** Every entry name, in directory order. */
  names(): string[] {
    return [...this.byName.keys()];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The inflated bytes of `name`, or null when there is no such entry. */
  bytesOf(name: string): Uint8Array | null {
    const entry = this.byName.get(name);
    if (!entry) return null;
    if (entry.encrypted) throw new DocumentProblem('encrypted', name);
    const start = this.dataStart(entry);
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    if (data.length < entry.compressedSize) throw new DocumentProblem('damaged', `truncated entry ${name}`);
    const out = this.inflate(entry, data);
    this.inflated += out.length;
    if (this.inflated > this.budget) throw new DocumentProblem('bomb', 'inflated past the budget');
    return out;
  }

  /** The entry as UTF-8 text, or null. */
  textOf(name: string): string | null {
    const bytes = this.bytesOf(name);
    return bytes ? new TextDecoder().decode(bytes) : null;
  }

  /**
   * The start of entry `name` as UTF-8 text, inflated from ever longer prefixes of its compressed
   * bytes (64 KiB, then doubling) until `enough(text)` says it holds what is wanted, or the whole
   * entry: a block at the top of a large sheet inflates a little of it, not all. The work is at
   * most twice that of the prefix needed; only the last inflation counts against the budget. The
   * text may end in the middle of an element, so `enough` must look for a complete marker.
   */
  textPrefixOf(name: string, enough: (text: string) => boolean): string | null {
    const entry = this.byName.get(name);
    if (!entry) return null;
    if (entry.encrypted) throw new DocumentProblem('encrypted', name);
    if (entry.method !== 8) return this.textOf(name);
    const start = this.dataStart(entry);
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    if (data.length < entry.compressedSize) throw new DocumentProblem('damaged', `truncated entry ${name}`);
    const cap = Math.min(entry.size, this.budget - this.inflated);
    for (let size = PREFIX_START; size < data.length; size *= 2) {
      let out: Uint8Array;
      try {
        // Z_SYNC_FLUSH: a cut stream gives what it has so far instead of an "unexpected end" error.
        out = inflateRawSync(data.subarray(0, size), { maxOutputLength: Math.max(cap, 1), finishFlush: zlibConstants.Z_SYNC_FLUSH });
      } catch {
        break; // too much or broken: the whole entry decides, with its own errors
      }
      const text = new TextDecoder().decode(out);
      if (enough(text)) {
        this.inflated += out.length;
        if (this.inflated > this.budget) throw new DocumentProblem('bomb', 'inflated past the budget');
        return text;
      }
    }
    return this.textOf(name);
  }

  private inflate(entry: ZipEntry, data: Uint8Array): Uint8Array {
    if (entry.method === 0) return data;
    if (entry.method !== 8) throw new DocumentProblem('unsupported', `compression method ${entry.method}`);
    // The cap is the size the entry declares (and what is left of the budget): a stream that
    // inflates past it is lying, and zlib stops at the cap instead of filling memory.
    const cap = Math.min(entry.size, this.budget - this.inflated);
    try {
      return inflateRawSync(data, { maxOutputLength: Math.max(cap, 1) });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') throw new DocumentProblem('bomb', `${entry.name} inflates past ${cap} bytes`);
      throw new DocumentProblem('damaged', `${entry.name}: ${(err as Error).message}`);
    }
  }
}
