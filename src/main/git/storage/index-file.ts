/**
 * Git's index file (`.git/index`, "dircache") with every field of every entry, for `@diff` and
 * `@staged`, and the cache-tree (`TREE`) extension. The entries are read by the one reader of the
 * format, index-cursor.ts (versions 2, 3 and 4). Hand-written because isomorphic-git's own index
 * code is slow, rounds mtime nanoseconds through a float, rejects version 4 and rewrites the file
 * by default (measured against git 2.39). Pure: takes bytes, never touches the disk.
 */
import { ENTRY_FIELDS, IndexCursor } from './index-cursor';
import { largeBuffer, largeColumn } from '../../guards/large-buffer';
import { hexText, utf8Text } from './byte-text';

/** One entry of the index (one path at one merge stage). */
export interface IndexEntry {
  /** Repository-relative path with `/` separators. */
  path: string;
  /** Blob (or gitlink commit) id, lower-case hex. */
  oid: string;
  /** Git mode: 0o100644, 0o100755, 0o120000 (symlink) or 0o160000 (gitlink). */
  mode: number;
  ctimeSec: number;
  ctimeNsec: number;
  mtimeSec: number;
  mtimeNsec: number;
  ino: number;
  size: number;
  /** 0 for a normal entry; 1..3 for the sides of an unresolved merge conflict. */
  stage: number;
  /** `git add -N`: the path is known but its content is not staged. */
  intentToAdd: boolean;
  /** Sparse checkout: the file is deliberately absent from the working tree. */
  skipWorktree: boolean;
}

/** One directory of the cache-tree extension: the tree id it hashes to, when still valid. */
export interface CacheTreeNode {
  /** Null when invalidated (something under the directory was staged since the tree was computed). */
  oid: string | null;
}

/** 32-bit words per entry in {@link PackedFields.words}: ctime s, ctime ns, mtime s, mtime ns, inode, size, mode, bits. */
const WORDS = 8;
/** The last word's bits: the stage in bits 0-1, then intent-to-add and skip-worktree. */
const INTENT_TO_ADD = 4;
const SKIP_WORKTREE = 8;

/** Every entry's fixed fields, in two blocks shared by the entries of one parsed index. */
interface PackedFields {
  words: Uint32Array;
  /** 20 bytes per entry. */
  oids: Buffer;
}

/**
 * One entry read from the packed fields of its index: its path and where its fields are. Why not
 * a plain object of thirteen fields: on a 120,000-file repository those objects and their id
 * strings were about 20 MiB of the engine worker's heap, held for as long as the index file is
 * unchanged; packed, about 11 MiB (issue 27). The id's hex string is made when it is read.
 */
class PackedEntry implements IndexEntry {
  constructor(
    readonly path: string,
    private readonly fields: PackedFields,
    private readonly k: number,
  ) {}

  get oid(): string {
    return hexText(this.fields.oids, this.k * 20, this.k * 20 + 20);
  }
  // ctimeSec … mode: one word each, read through the getters defined below the class.
  declare readonly ctimeSec: number;
  declare readonly ctimeNsec: number;
  declare readonly mtimeSec: number;
  declare readonly mtimeNsec: number;
  declare readonly ino: number;
  declare readonly size: number;
  declare readonly mode: number;

  /** Word `i` of this entry's fixed fields. */
  word(i: number): number {
    return this.fields.words[this.k * WORDS + i] as number;
  }
  get stage(): number {
    return this.word(7) & 3;
  }
  get intentToAdd(): boolean {
    return (this.word(7) & INTENT_TO_ADD) !== 0;
  }
  get skipWorktree(): boolean {
    return (this.word(7) & SKIP_WORKTREE) !== 0;
  }

  /** The fields as a plain value (for printing and comparing in tests: getters are not own properties). */
  toJSON(): IndexEntry {
    const { path, oid, mode, ctimeSec, ctimeNsec, mtimeSec, mtimeNsec, ino, size, stage, intentToAdd, skipWorktree } = this;
    return { path, oid, mode, ctimeSec, ctimeNsec, mtimeSec, mtimeNsec, ino, size, stage, intentToAdd, skipWorktree };
  }
}
// The first seven words, in the order of {@link WORDS}' comment, as getters on the prototype.
for (const [i, name] of (['ctimeSec', 'ctimeNsec', 'mtimeSec', 'mtimeNsec', 'ino', 'size', 'mode'] as const).entries()) {
  Object.defineProperty(PackedEntry.prototype, name, {
    get(this: PackedEntry): number {
      return this.word(i);
    },
  });
}

/** A parsed index. */
export interface GitIndex {
  version: number;
  entries: IndexEntry[];
  /** Cache-tree keyed by directory path ('' for the root, `a/b` below it). */
  cacheTree: Map<string, CacheTreeNode>;
}

/** Why an index could not be read. */
export type IndexParseResult = { ok: true; index: GitIndex } | { ok: false; message: string };

const CHECKSUM_BYTES = 20;

/** Entries parsed between two calls of a {@link IndexParse}'s check: about 2.5 ms of work on this machine (0.3 s for 120,000). */
export const PARSE_CHECK_EVERY = 1024;

/**
 * A parse of index bytes that can stop between two entries and go on later from the same entry.
 * Why: on a 120,000-file repository the parse takes about 0.3 s of synchronous work, and the engine
 * worker's warm-up must give way within a few ms when a person's request is waiting (issue 27). A
 * parse stopped by its check keeps what it has read, so the next call goes on instead of starting
 * over; the bytes it holds are the file's as read once, so it stays a parse of one version of it.
 */
export class IndexParse {
  private readonly cursor: IndexCursor;
  private readonly fields: PackedFields;
  private readonly entries: IndexEntry[] = [];
  private k = 0;
  private result: IndexParseResult | null = null;

  constructor(private readonly buf: Buffer) {
    this.cursor = new IndexCursor(buf, { every: true });
    // The header's count bounds the entries (the cursor refuses a count the bytes cannot hold).
    // From pages, not malloc: a parse replaced by a newer one frees them (large-buffer.ts).
    this.fields = { words: largeColumn(Uint32Array, this.cursor.entries * WORDS), oids: largeBuffer(this.cursor.entries * 20).fill(0) };
  }

  /**
   * Parses on to the end. `check` runs before every {@link PARSE_CHECK_EVERY}th entry (before the
   * first one too); when it throws, the parse stops before that entry and the error goes to the
   * caller, and a later `run` goes on from there.
   */
  run(check: () => void = () => undefined): IndexParseResult {
    if (this.result) return this.result;
    const { buf, cursor, fields, entries } = this;
    for (;;) {
      if (this.k % PARSE_CHECK_EVERY === 0) check();
      if (!cursor.next()) break;
      const k = this.k;
      const w = k * WORDS;
      fields.words[w] = cursor.stat(ENTRY_FIELDS.ctimeSec);
      fields.words[w + 1] = cursor.stat(ENTRY_FIELDS.ctimeNsec);
      fields.words[w + 2] = cursor.stat(ENTRY_FIELDS.mtimeSec);
      fields.words[w + 3] = cursor.stat(ENTRY_FIELDS.mtimeNsec);
      fields.words[w + 4] = cursor.stat(ENTRY_FIELDS.ino);
      fields.words[w + 5] = cursor.size;
      fields.words[w + 6] = cursor.mode;
      fields.words[w + 7] = cursor.stage | (cursor.intentToAdd ? INTENT_TO_ADD : 0) | (cursor.skipWorktree ? SKIP_WORKTREE : 0);
      // Byte by byte, not `buf.copy`: that builds a view of the source per call (about 2 ms of a
      // 10k-entry parse, a fifth of it; issue 27).
      const oids = fields.oids;
      for (let j = 0, from = cursor.at + ENTRY_FIELDS.oid, to = k * 20; j < 20; j++) oids[to + j] = buf[from + j] as number;
      entries.push(new PackedEntry(utf8Text(cursor.names, cursor.from, cursor.to), fields, k));
      this.k = k + 1;
    }
    this.result = this.finish();
    return this.result;
  }

  private finish(): IndexParseResult {
    const { buf, cursor } = this;
    if (cursor.failure) return { ok: false, message: cursor.failure.message };
    const end = buf.length - CHECKSUM_BYTES;
    // The entries must end before the checksum.
    if (cursor.end > end) return { ok: false, message: 'the git index ends in the middle of an entry' };
    const ext = readExtensions(buf, cursor.end, end);
    if (!ext.ok) return ext;
    return { ok: true, index: { version: cursor.version, entries: this.entries, cacheTree: ext.cacheTree } };
  }
}

/**
 * Parses index bytes: every entry (every stage, skip-worktree ones too), through the one reader of
 * the format ({@link IndexCursor}). Unknown optional extensions are skipped; split and sparse
 * indexes are refused. `check` as in {@link IndexParse.run} (a throw loses the work: keep an
 * {@link IndexParse} to go on instead).
 */
export function parseIndex(buf: Buffer, check?: () => void): IndexParseResult {
  return new IndexParse(buf).run(check);
}

type ExtensionsResult = { ok: true; cacheTree: Map<string, CacheTreeNode> } | { ok: false; message: string };

/** Walks the extensions between the entries and the checksum. */
function readExtensions(buf: Buffer, pos: number, end: number): ExtensionsResult {
  let cacheTree = new Map<string, CacheTreeNode>();
  while (pos + 8 <= end) {
    const sig = buf.toString('latin1', pos, pos + 4);
    const size = buf.readUInt32BE(pos + 4);
    const data = buf.subarray(pos + 8, pos + 8 + size);
    if (sig === 'TREE') cacheTree = parseCacheTree(data);
    if (sig === 'link') return { ok: false, message: 'split git indexes (core.splitIndex) are not supported; run `git update-index --no-split-index`' };
    if (sig === 'sdir') return { ok: false, message: 'sparse git indexes (index.sparse) are not supported' };
    pos += 8 + size;
  }
  return { ok: true, cacheTree };
}

/**
 * The cache-tree is a pre-order list of nodes: "name\0entryCount subtreeCount\n" then the tree id
 * when entryCount >= 0 (-1 marks a node invalidated by a later `git add`).
 */
function parseCacheTree(data: Buffer): Map<string, CacheTreeNode> {
  const nodes = new Map<string, CacheTreeNode>();
  let pos = 0;
  const readNode = (parent: string | null): void => {
    const nul = data.indexOf(0, pos);
    const nl = data.indexOf(0x0a, nul);
    if (nul < 0 || nl < 0) throw new RangeError('cache-tree truncated');
    const name = data.toString('utf8', pos, nul);
    const [countText, subtreesText] = data.toString('latin1', nul + 1, nl).split(' ');
    const entryCount = Number(countText);
    const subtrees = Number(subtreesText);
    pos = nl + 1;
    let oid: string | null = null;
    if (entryCount >= 0) {
      oid = data.toString('hex', pos, pos + 20);
      pos += 20;
    }
    const dir = parent === null ? '' : parent === '' ? name : `${parent}/${name}`;
    nodes.set(dir, { oid });
    for (let i = 0; i < subtrees; i++) readNode(dir);
  };
  try {
    if (data.length > 0) readNode(null);
  } catch {
    // A damaged cache-tree only costs speed: without it every directory is compared.
    return new Map();
  }
  return nodes;
}
