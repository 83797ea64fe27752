/**
 * A pack file's bytes, read in small windows as its objects are asked for, never whole.
 *
 * Why: the first git reference in a fresh process used to read the whole `.pack` before its first
 * object (7.8 MB for the 10k-file bench repository: 40-60 ms of reading, allocating and page faults,
 * more than `git diff` takes in all), though a `@diff` of 50 files needs about 50 of its 12,000
 * objects. The `.idx` says where each object starts; only the windows holding the objects read are
 * fetched, and kept (up to {@link PACK_WINDOW_CACHE_BYTES}) for the next calls. A large pack no
 * longer sits whole in memory either: git maps packs in windows too (`core.packedGitWindowSize`).
 *
 * Each read opens the file, checks it is still a regular file of the size first seen, and closes
 * it again: no descriptor is held between calls (on Windows an open pack could not be removed by
 * `git gc`).
 */
import { GitObjectError } from './object-error';

/** Bytes per window. Default 16 KiB: a few small objects, or the start of a large one. */
export const PACK_WINDOW_BYTES = 16 * 1024;
/** Bytes of windows kept per pack. Default 32 MiB. */
export const PACK_WINDOW_CACHE_BYTES = 32 * 1024 * 1024;

/** `length` bytes of `file` from `position` (fewer at its end) and the file's size now. */
export type ReadRange = (file: string, position: number, length: number) => { bytes: Buffer; size: number };

const EMPTY = Buffer.alloc(0);

/** One pack's bytes, fetched window by window. */
export class PackFile {
  private readonly windows = new Map<number, Buffer>();
  private cachedBytes = 0;

  private constructor(
    readonly file: string,
    /** The file's size when it was opened; a later read that finds another is refused. */
    readonly size: number,
    private readonly readRange: ReadRange,
    private readonly cacheBytes: number,
  ) {}

  /** Opens `file`: reads its first window (the pack header), which also gives its size. */
  static open(file: string, readRange: ReadRange, cacheBytes = PACK_WINDOW_CACHE_BYTES): PackFile {
    const first = readRange(file, 0, PACK_WINDOW_BYTES);
    const pack = new PackFile(file, first.size, readRange, cacheBytes);
    pack.keep(0, first.bytes);
    return pack;
  }

  /**
   * The bytes `[from, to)`, clamped to the file. A span inside one window is a view of it; a longer
   * one is read on its own and not kept (a large object is inflated once, and its result is what
   * the store keeps).
   */
  bytes(from: number, to: number): Buffer {
    const end = Math.min(to, this.size);
    if (end <= from) return EMPTY;
    const w = Math.floor(from / PACK_WINDOW_BYTES);
    if (Math.floor((end - 1) / PACK_WINDOW_BYTES) === w) {
      const start = w * PACK_WINDOW_BYTES;
      return this.window(w).subarray(from - start, end - start);
    }
    return this.read(from, end - from);
  }

  private window(w: number): Buffer {
    const cached = this.windows.get(w);
    if (cached) {
      // Most recently used last, so the oldest is dropped first.
      this.windows.delete(w);
      this.windows.set(w, cached);
      return cached;
    }
    const start = w * PACK_WINDOW_BYTES;
    const bytes = this.read(start, Math.min(PACK_WINDOW_BYTES, this.size - start));
    this.keep(w, bytes);
    return bytes;
  }

  private read(position: number, length: number): Buffer {
    const { bytes, size } = this.readRange(this.file, position, length);
    if (size !== this.size || bytes.length !== length) {
      throw new GitObjectError('ObjectDamaged', this.file, `${this.file} changed while it was read (${this.size} bytes, now ${size})`);
    }
    return bytes;
  }

  private keep(w: number, bytes: Buffer): void {
    this.windows.set(w, bytes);
    this.cachedBytes += bytes.length;
    for (const [k, v] of this.windows) {
      if (this.cachedBytes <= this.cacheBytes) break;
      this.windows.delete(k);
      this.cachedBytes -= v.length;
    }
  }
}
