/**
 * Large buffers that live briefly, taken from V8's page allocator instead of malloc.
 *
 * Why (issue 27, host memory): glibc's malloc serves a block of 128 KiB or more with its own
 * mapping, and when such a block is freed it raises its mapping threshold to that block's size (up
 * to 32 MiB) and its trim threshold to twice that. Reading the 15.7 MB git index of the 120k bench
 * workspace once, and freeing it, let every thread's malloc arena keep up to 31 MB of freed memory
 * from then on: the host held about 25 MiB more for as long as it ran (measured with
 * `MALLOC_MMAP_THRESHOLD_` pinned, which stops the raise). The memory of a `WebAssembly.Memory` is
 * mapped by V8 itself and unmapped when collected, so freeing it moves no threshold. Small blocks
 * stay ordinary buffers: a mapping costs more than they do.
 */

/** From this size on a buffer comes from {@link largeBuffer}'s pages (below malloc's own 128 KiB). */
export const LARGE_BUFFER_BYTES = 64 * 1024;
const PAGE = 64 * 1024;
/** WebAssembly pages are 64 KiB and a memory holds at most 65,536 of them (4 GiB). */
const MAX_PAGES = 65536;

/**
 * An uninitialised buffer of `size` bytes (contents are zero when it comes from pages, unspecified
 * otherwise). Falls back to `Buffer.allocUnsafe` when V8 cannot map the memory (an address-space
 * limit) or the size is past what one memory holds.
 */
export function largeBuffer(size: number): Buffer {
  const pages = pagesFor(size);
  return pages ? Buffer.from(pages as ArrayBuffer, 0, size) : Buffer.allocUnsafe(size);
}

/** The typed arrays the indexes keep their columns in. */
type Column = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array;
type ColumnType<T extends Column> = { new (length: number): T; new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number };

/** A zeroed typed array of `length` elements, from pages when it is large (see {@link largeBuffer}). */
export function largeColumn<T extends Column>(type: ColumnType<T>, length: number): T {
  const pages = pagesFor(length * type.BYTES_PER_ELEMENT);
  return pages ? new type(pages as ArrayBuffer, 0, length) : new type(length);
}

/** A zeroed `SharedArrayBuffer` of at least `size` bytes, from pages when it is large (see {@link largeBuffer}). */
export function largeShared(size: number): SharedArrayBuffer {
  return (pagesFor(size, true) as SharedArrayBuffer | null) ?? new SharedArrayBuffer(size);
}

/** Zeroed pages of at least `size` bytes, or null when the size is small or V8 cannot map them. */
function pagesFor(size: number, shared = false): ArrayBuffer | SharedArrayBuffer | null {
  if (size < LARGE_BUFFER_BYTES) return null;
  const pages = Math.ceil(size / PAGE);
  if (pages > MAX_PAGES) return null;
  try {
    return new WebAssembly.Memory({ initial: pages, maximum: pages, shared }).buffer;
  } catch {
    // No address space for it (a `ulimit -v`, many at once): an ordinary buffer instead.
    return null;
  }
}
