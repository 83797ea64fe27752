/**
 * The parsed trees the git reader keeps per object store: a log's commits share most of their trees
 * with their parents', so `@git:10 -p` reads each shared tree once. Bounded by bytes, not only by a
 * count (issue 27): 4,096 trees was about 5 MiB of the engine worker after the warm-up's `@git:1`
 * on the 120k bench workspace, and would be far more where folders hold thousands of files. The
 * least recently used tree goes first; a tree heavier than a quarter of the bound is not kept.
 */
import { LruMap, textBytes } from '../../../shared/lru';
import { MiB } from '../../../shared/limits';
import type { ObjectStore } from './objects/object-store';

/** One tree entry as isomorphic-git returns it. */
export interface TreeItem {
  mode: string;
  path: string;
  oid: string;
  type: 'blob' | 'tree' | 'commit';
}

/** Parsed trees at most kept per object store. */
export const TREE_CACHE_SIZE = 4096;
/** Bytes the parsed trees kept per object store may weigh (see {@link treeBytes}). Default 4 MiB. */
export const TREE_CACHE_BYTES = 4 * MiB;
/** What one item costs beside its name: the object, its 40-character id and its mode string. */
const ITEM_BYTES = 160;

/** What a parsed tree weighs in memory, about: each item and its name. */
export function treeBytes(items: readonly TreeItem[]): number {
  let bytes = 0;
  for (const item of items) bytes += ITEM_BYTES + textBytes(item.path);
  return bytes;
}

const caches = new WeakMap<ObjectStore, LruMap<string, TreeItem[]>>();

/**
 * The tree cache of `store`, made on first use with the bound `maxBytes` (a later call's bound is
 * ignored: tests pass a small one first). Keyed by the id whose content was read.
 */
export function treeCacheOf(store: ObjectStore, maxBytes = TREE_CACHE_BYTES): LruMap<string, TreeItem[]> {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new LruMap(TREE_CACHE_SIZE, (items: TreeItem[], key: string) => treeBytes(items) + textBytes(key), maxBytes)));
  return cache;
}
