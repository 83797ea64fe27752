/**
 * Rename detection as git's default does it (issue 11, row 11): a deleted path and an added path
 * whose contents are at least 50% similar become one rename, printed with `similarity index`,
 * `rename from` and `rename to` (see `patch-format.ts`).
 *
 * Git's method (diffcore-rename.c, diffcore-delta.c), followed here:
 * 1. Exact renames first: an added blob with the same id as a deleted one (same basename preferred).
 * 2. Then, for regular files only, every pair is scored: both contents are cut into chunks that end
 *    at a newline or after 64 bytes (a CR before LF is skipped in text), the bytes of the chunks
 *    the two sides share are counted, and the score is that count over the larger size. Pairs whose
 *    sizes alone rule out 50% are skipped without reading; with more than 1000 x 1000 candidates
 *    git gives up on inexact renames, and so does this.
 * 3. Pairs are taken best score first, each path used once.
 * Git hashes chunks into buckets where this keeps them apart, so a score can differ from git's in
 * the rare case of a hash collision; the similarity printed is the integer percentage git prints.
 */
import { type Deadline, readBlob, type RepoSession } from '../storage';
import { MODE_SYMLINK, type FileChange } from './file-change';

/** git's MAX_SCORE; scores are in 0..MAX_SCORE. */
const MAX_SCORE = 60000;
/** git's default minimum score for a rename: 50%. */
export const MIN_RENAME_SCORE = 30000;
/** git's default diff.renameLimit: inexact detection is skipped past limit^2 candidate pairs. */
export const RENAME_LIMIT = 1000;

const isRegular = (mode: number): boolean => (mode & 0o170000) === 0o100000;
const basename = (p: string): string => p.slice(p.lastIndexOf('/') + 1);

/** Byte counts per chunk, as diffcore-delta's span hash (chunks kept apart by content, not a hash). */
function chunkCounts(bytes: Uint8Array): Map<string, number> {
  const counts = new Map<string, number>();
  const text = !bytes.subarray(0, 8000).includes(0);
  let start = 0;
  let n = 0;
  let key = '';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i] as number;
    if (text && c === 13 && i + 1 < bytes.length && bytes[i + 1] === 10) continue;
    n++;
    if (n < 64 && c !== 10) continue;
    key = Buffer.from(bytes.subarray(start, i + 1)).toString('latin1');
    counts.set(key, (counts.get(key) ?? 0) + n);
    start = i + 1;
    n = 0;
  }
  if (n > 0) {
    key = Buffer.from(bytes.subarray(start)).toString('latin1');
    counts.set(key, (counts.get(key) ?? 0) + n);
  }
  return counts;
}

/** git's estimate_similarity for two regular files. */
function similarity(src: Uint8Array, dst: Uint8Array, srcChunks: Map<string, number>, dstChunks: Map<string, number>): number {
  const max = Math.max(src.length, dst.length);
  const delta = max - Math.min(src.length, dst.length);
  if (max * (MAX_SCORE - MIN_RENAME_SCORE) < delta * MAX_SCORE) return 0;
  if (dst.length === 0) return 0;
  let copied = 0;
  const [small, large] = srcChunks.size < dstChunks.size ? [srcChunks, dstChunks] : [dstChunks, srcChunks];
  for (const [k, n] of small) {
    const m = large.get(k);
    if (m !== undefined) copied += Math.min(n, m);
  }
  return Math.floor((copied * MAX_SCORE) / max);
}

/** The side's bytes: from the working tree when already read, else from the object store. */
async function bytesOf(s: RepoSession, side: NonNullable<FileChange['old']>, deadline: Deadline): Promise<Uint8Array> {
  if (side.bytes) return side.bytes;
  return readBlob(s, side.oid, deadline);
}

/** The rename's change: the new path, the old side, where it came from and its similarity in %. */
function renamed(del: FileChange, add: FileChange, score: number): FileChange {
  return { path: add.path, old: del.old, new: add.new, from: del.path, similarity: Math.floor((score * 100) / MAX_SCORE) };
}

/**
 * Pairs deletions and additions of `changes` into renames (see the module comment). The result is in
 * the input's order, each rename at the position of its new path.
 */
export async function detectRenames(s: RepoSession, changes: readonly FileChange[], deadline: Deadline): Promise<FileChange[]> {
  const deletions = changes.filter((c) => c.old && !c.new && c.old.oid);
  const additions = changes.filter((c) => c.new && !c.old);
  if (deletions.length === 0 || additions.length === 0) return [...changes];
  const pairs = new Map<FileChange, FileChange>(); // addition -> rename
  const used = new Set<FileChange>();
  // 1. Exact: same blob, and the same kind of file (symlink to symlink).
  for (const add of additions) {
    const same = deletions.filter((d) => !used.has(d) && d.old?.oid === add.new?.oid && (d.old?.mode === MODE_SYMLINK) === (add.new?.mode === MODE_SYMLINK));
    const pick = same.find((d) => basename(d.path) === basename(add.path)) ?? same[0];
    if (!pick) continue;
    used.add(pick);
    pairs.set(add, renamed(pick, add, MAX_SCORE));
  }
  // 2. Inexact, regular files only, within git's limit.
  const srcs = deletions.filter((d) => !used.has(d) && isRegular(d.old?.mode ?? 0));
  const dsts = additions.filter((a) => !pairs.has(a) && isRegular(a.new?.mode ?? 0));
  if (srcs.length > 0 && dsts.length > 0 && srcs.length * dsts.length <= RENAME_LIMIT * RENAME_LIMIT) {
    const load = async (c: FileChange, side: 'old' | 'new') => {
      deadline.throwIfAborted();
      const bytes = await bytesOf(s, c[side] as NonNullable<FileChange['old']>, deadline);
      return { c, bytes, chunks: chunkCounts(bytes) };
    };
    const srcData = [];
    for (const c of srcs) srcData.push(await load(c, 'old'));
    const scored: Array<{ score: number; src: FileChange; dst: FileChange; sameName: boolean }> = [];
    for (const dst of dsts) {
      const d = await load(dst, 'new');
      for (const src of srcData) {
        const score = similarity(src.bytes, d.bytes, src.chunks, d.chunks);
        if (score >= MIN_RENAME_SCORE) scored.push({ score, src: src.c, dst, sameName: basename(src.c.path) === basename(dst.path) });
      }
    }
    scored.sort((a, b) => b.score - a.score || Number(b.sameName) - Number(a.sameName));
    for (const p of scored) {
      if (used.has(p.src) || pairs.has(p.dst)) continue;
      used.add(p.src);
      pairs.set(p.dst, renamed(p.src, p.dst, p.score));
    }
  }
  return changes.filter((c) => !used.has(c)).map((c) => pairs.get(c) ?? c);
}
