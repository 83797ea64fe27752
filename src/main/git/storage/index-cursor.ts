/**
 * The one reader of git's index file format (`.git/index`, versions 2, 3 and 4): a cursor over its
 * entries, in the index's order (sorted by path). Both readers of the index go through it: the
 * workspace index lists the tracked paths (src/main/workspace/tracked-table.ts), and `@diff` /
 * `@staged` read every field (index-file.ts). Format: git's Documentation/gitformat-index.txt.
 *
 * Allocates nothing per entry, so the caller decides what to decode: a workspace index of 100,000
 * files decodes almost nothing, and the fixed fields (stat data, id) are read from the bytes at
 * {@link IndexCursor.at} only by the caller that needs them. A cursor rather than a callback keeps
 * the caller's loop in one optimised function. Pure: takes bytes, never touches the disk.
 */

/** What a git index entry is, from its mode: see {@link typeOfMode}. */
export type TrackedType = 'file' | 'symlink' | 'submodule' | 'folder';

/** Why the bytes are not a readable index; expected failures are values, not throws. */
export interface IndexFormatFailure {
  ok: false;
  code: 'unsupported' | 'corrupt';
  message: string;
}

/** What the cursor lists: see {@link IndexCursor}. */
export interface CursorOptions {
  /**
   * Every entry (skip-worktree entries and every stage of a conflict), for readers of every field.
   * Without it, the listing the workspace index wants: skip-worktree entries left out, and a
   * conflict's stages listed once.
   */
  every?: boolean;
}

/** Offsets of the fixed fields read from an entry's start ({@link IndexCursor.at}); the flags follow the id. */
export const ENTRY_FIELDS = { ctimeSec: 0, ctimeNsec: 4, mtimeSec: 8, mtimeNsec: 12, ino: 20, mode: 24, size: 36, oid: 40, flags: 60 } as const;

/** The unsigned 32-bit big-endian number at `at`, byte by byte: the caller has checked the bounds, which Buffer#readUInt32BE would check again. */
function u32(buf: Buffer, at: number): number {
  return ((buf[at] as number) << 24 | (buf[at + 1] as number) << 16 | (buf[at + 2] as number) << 8 | (buf[at + 3] as number)) >>> 0;
}

function typeOfMode(mode: number): TrackedType {
  switch (mode >>> 12) {
    case 0o12: return 'symlink';
    case 0o16: return 'submodule';
    case 0o04: return 'folder';
    default: return 'file';
  }
}

/**
 * Reads the entries of the bytes of a `.git/index` file one by one: `next()` moves to the next
 * listed entry and fills the fields (see {@link CursorOptions} for which are listed).
 */
export class IndexCursor {
  /** The entry's name is `names[from..to)`: UTF-8, repo-relative, POSIX; valid until `next()`. */
  names: Buffer;
  from = 0;
  to = 0;
  /** Where the entry starts in the bytes: its fixed fields are at the offsets of {@link ENTRY_FIELDS}. */
  at = 0;
  mode = 0;
  type: TrackedType = 'file';
  /** The size git recorded (stale for a file modified since it was staged). */
  size = 0;
  /** 0 for a normal entry; 1 to 3 for the sides of an unresolved merge conflict. */
  stage = 0;
  /** `git add -N`: the path is known but its content is not staged (version 3 and later). */
  intentToAdd = false;
  /** Sparse checkout: the file is deliberately absent from the working tree. */
  skipWorktree = false;
  /** Set when `next()` returned false because the bytes are not a readable index. */
  failure: IndexFormatFailure | null = null;
  /** The index's format version (2, 3 or 4; 0 when the header is unreadable). */
  readonly version: number = 0;
  /** Number of entries in the index (every stage and skip-worktree entry counted). */
  readonly entries: number = 0;
  private readonly every: boolean;
  private read = 0;
  private offset = 12;
  // Version 4: the current name, rebuilt from the previous one (a prefix of it plus a suffix).
  private scratch = Buffer.alloc(4096);
  private scratchLength = 0;
  // The last listed name (where it is, and its length): a later stage of it is not listed again.
  private lastAt = -1;
  private lastLength = -1;

  constructor(private readonly buf: Buffer, options: CursorOptions = {}) {
    this.every = options.every === true;
    this.names = buf;
    if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'DIRC') {
      this.failure = { ok: false, code: 'corrupt', message: 'the git index has no DIRC header' };
      return;
    }
    this.version = buf.readUInt32BE(4);
    if (this.version < 2 || this.version > 4) {
      this.failure = { ok: false, code: 'unsupported', message: `git index version ${this.version} is not supported` };
      return;
    }
    const entries = buf.readUInt32BE(8);
    // Every entry takes at least 62 bytes: a larger count is damage, and must not size anything.
    if (entries > (buf.length - 12) / 62) {
      this.failure = { ok: false, code: 'corrupt', message: 'the git index counts more entries than it holds' };
      return;
    }
    this.entries = entries;
  }

  /** The 32-bit field at `field` (an offset of {@link ENTRY_FIELDS}) of the current entry. */
  stat(field: number): number {
    return u32(this.buf, this.at + field);
  }

  /** Where the entries end (and the extensions start), once `next()` has returned false without a failure. */
  get end(): number {
    return this.offset;
  }

  /** Moves to the next listed entry; false at the end or on a failure (see {@link failure}). */
  next(): boolean {
    const { buf, version } = this;
    const length = buf.length;
    while (this.failure === null && this.read < this.entries) {
      this.read++;
      const start = this.offset;
      if (start + 62 > length) return this.truncated();
      const mode = u32(buf, start + ENTRY_FIELDS.mode);
      const size = u32(buf, start + ENTRY_FIELDS.size);
      const flags = (buf[start + ENTRY_FIELDS.flags] as number) << 8 | (buf[start + ENTRY_FIELDS.flags + 1] as number);
      let offset = start + 62;
      let skipWorktree = false;
      let intentToAdd = false;
      if (version >= 3 && flags & 0x4000) {
        if (offset + 2 > length) return this.truncated();
        skipWorktree = ((buf[offset] as number) & 0x40) !== 0;
        intentToAdd = ((buf[offset] as number) & 0x20) !== 0;
        offset += 2;
      }
      const stage = (flags >> 12) & 3;
      let repeated: boolean;
      if (version === 4) {
        // Path prefix compression: drop N bytes of the previous name, then append the suffix.
        let c = buf[offset++] as number;
        let drop = c & 127;
        while (c & 128) {
          // Past the previous name's length it cannot be right: stop before the number grows
          // past 32 bits (a shift would wrap it negative and let it through).
          if (offset >= length || drop > this.scratchLength) return this.truncated();
          c = buf[offset++] as number;
          drop = (drop + 1) * 128 + (c & 127);
        }
        const end = buf.indexOf(0, offset);
        if (end < 0 || drop > this.scratchLength) return this.truncated();
        let scratchLength = this.scratchLength;
        // Same name as the last listed one: the suffix puts back exactly the bytes it drops.
        repeated = stage > 1 && this.lastLength === scratchLength && end - offset === drop && buf.compare(this.scratch, scratchLength - drop, scratchLength, offset, end) === 0;
        scratchLength -= drop;
        if (scratchLength + end - offset > this.scratch.length) this.scratch = Buffer.concat([this.scratch.subarray(0, scratchLength), Buffer.alloc(end - offset + this.scratch.length)]);
        scratchLength += buf.copy(this.scratch, scratchLength, offset, end);
        this.scratchLength = scratchLength;
        this.names = this.scratch;
        this.from = 0;
        this.to = scratchLength;
        this.offset = end + 1;
        if (!repeated) this.lastLength = skipWorktree ? -1 : scratchLength;
      } else {
        const nameLength = flags & 0xfff;
        const end = nameLength < 0xfff ? offset + nameLength : buf.indexOf(0, offset);
        if (end < 0 || end > length) return this.truncated();
        repeated = stage > 1 && this.lastLength === end - offset && buf.compare(buf, this.lastAt, this.lastAt + this.lastLength, offset, end) === 0;
        this.names = buf;
        this.from = offset;
        this.to = end;
        // Entries are NUL-padded to a multiple of 8 bytes (1 to 8 NULs).
        this.offset = start + ((end - start + 8) & ~7);
        if (this.offset > length) return this.truncated();
        if (!repeated && !skipWorktree) {
          this.lastAt = offset;
          this.lastLength = end - offset;
        }
      }
      if (!this.every && (skipWorktree || repeated)) continue;
      this.at = start;
      this.mode = mode;
      this.type = typeOfMode(mode);
      this.size = size;
      this.stage = stage;
      this.skipWorktree = skipWorktree;
      this.intentToAdd = intentToAdd;
      return true;
    }
    return false;
  }

  private truncated(): false {
    this.failure = { ok: false, code: 'corrupt', message: 'the git index ends in the middle of an entry' };
    return false;
  }
}
