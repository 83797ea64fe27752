/**
 * A reader for git's index file (`.git/index`, "dircache"), versions 2, 3 and 4, with the cache-tree
 * (`TREE`) extension. Hand-written because isomorphic-git's own index code is slow, rounds mtime
 * nanoseconds through a float, rejects version 4 and rewrites the file by default (measured against git 2.39).
 * Format: git's Documentation/gitformat-index.txt. Pure: takes bytes, never touches the disk.
 */

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

/** A parsed index. */
export interface GitIndex {
  version: number;
  entries: IndexEntry[];
  /** Cache-tree keyed by directory path ('' for the root, `a/b` below it). */
  cacheTree: Map<string, CacheTreeNode>;
}

/** Why an index could not be read. */
export type IndexParseResult = { ok: true; index: GitIndex } | { ok: false; message: string };

const HEADER_BYTES = 12;
const ENTRY_FIXED_BYTES = 62;
const CHECKSUM_BYTES = 20;

/** Parses index bytes. Unknown optional extensions are skipped; split and sparse indexes are refused. */
export function parseIndex(buf: Buffer): IndexParseResult {
  if (buf.length < HEADER_BYTES + CHECKSUM_BYTES || buf.toString('latin1', 0, 4) !== 'DIRC') {
    return { ok: false, message: 'the git index file is damaged (no DIRC signature)' };
  }
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return { ok: false, message: `git index version ${version} is not supported` };
  const count = buf.readUInt32BE(8);
  const entries: IndexEntry[] = new Array<IndexEntry>(count);
  const end = buf.length - CHECKSUM_BYTES;
  let pos = HEADER_BYTES;
  let previousPath: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i++) {
    if (pos + ENTRY_FIXED_BYTES > end) return { ok: false, message: 'the git index file is truncated' };
    const parsed = readEntry(buf, pos, version, previousPath);
    if (!parsed) return { ok: false, message: 'the git index file is damaged (bad entry)' };
    entries[i] = parsed.entry;
    previousPath = parsed.pathBytes;
    pos = parsed.next;
  }
  const ext = readExtensions(buf, pos, end);
  if (!ext.ok) return ext;
  return { ok: true, index: { version, entries, cacheTree: ext.cacheTree } };
}

/** Reads one entry at `pos`; returns it, its raw path bytes (v4 compresses against them) and the next offset. */
function readEntry(buf: Buffer, pos: number, version: number, previousPath: Buffer) {
  const flags = buf.readUInt16BE(pos + 60);
  const extended = version >= 3 && (flags & 0x4000) !== 0;
  const extFlags = extended ? buf.readUInt16BE(pos + 62) : 0;
  let p = pos + ENTRY_FIXED_BYTES + (extended ? 2 : 0);
  let pathBytes: Buffer;
  if (version === 4) {
    // Path = previous path minus `strip` trailing bytes, plus a NUL-terminated suffix; no padding.
    const { value: strip, next } = readOffsetVarint(buf, p);
    const nul = buf.indexOf(0, next);
    if (nul < 0 || strip > previousPath.length) return null;
    pathBytes = Buffer.concat([previousPath.subarray(0, previousPath.length - strip), buf.subarray(next, nul)]);
    p = nul + 1;
  } else {
    const nul = buf.indexOf(0, p);
    if (nul < 0) return null;
    pathBytes = buf.subarray(p, nul);
    // Entries are NUL-padded to a multiple of 8 bytes counted from the entry's start.
    p = pos + ((p - pos + pathBytes.length + 8) & ~7);
  }
  const entry: IndexEntry = {
    path: pathBytes.toString('utf8'),
    oid: buf.toString('hex', pos + 40, pos + 60),
    mode: buf.readUInt32BE(pos + 24),
    ctimeSec: buf.readUInt32BE(pos),
    ctimeNsec: buf.readUInt32BE(pos + 4),
    mtimeSec: buf.readUInt32BE(pos + 8),
    mtimeNsec: buf.readUInt32BE(pos + 12),
    ino: buf.readUInt32BE(pos + 20),
    size: buf.readUInt32BE(pos + 36),
    stage: (flags >> 12) & 3,
    intentToAdd: (extFlags & 0x2000) !== 0,
    skipWorktree: (extFlags & 0x4000) !== 0,
  };
  return { entry, pathBytes, next: p };
}

/** Git's "offset" varint (as in OFS_DELTA): each continuation adds one before shifting. */
function readOffsetVarint(buf: Buffer, pos: number): { value: number; next: number } {
  let byte = buf[pos++] ?? 0;
  let value = byte & 0x7f;
  while (byte & 0x80) {
    byte = buf[pos++] ?? 0;
    value = ((value + 1) << 7) | (byte & 0x7f);
  }
  return { value, next: pos };
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
