/**
 * The git reader's one entry that loads almost nothing: starting `@diff`'s stat helper thread
 * before the rest of the reader's code is loaded (see storage/stat-preload.ts). Kept out of
 * index.ts so that importing it does not load the whole reader.
 */
export { prestartStatHelper } from './storage/stat-preload';
