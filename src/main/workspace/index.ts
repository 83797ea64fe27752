/**
 * The workspace file index behind @-completion: build it with `createWorkspaceIndex`, search it with
 * `query`, fetch sizes of the options shown with `WorkspaceIndex.sizes`. The services use
 * `openWorkspaceIndex`: the same index in a worker thread, answering asynchronously.
 */
export { createWorkspaceIndex, WorkspaceIndex } from './workspace-index';
export type { IndexEvent, IndexState, WorkspaceIndexOptions } from './workspace-index';
export { query } from './fuzzy-query';
export type { Match, QueryOptions, Searchable } from './fuzzy-query';
export type { EntryKind, IndexSnapshot, WorkspaceEntry } from './entry-store';
export { shallowest } from './shallowest';
export { indexWorkerScript, openWorkspaceIndex } from './worker/remote-index';
export type { AsyncQueryOptions, AsyncWorkspaceIndex, OpenIndexOptions } from './worker/remote-index';
export type { Pace } from './worker/answer';
export type { FirstRows } from './worker/protocol';
export { findGitDir } from './git-index';
export { folderIgnoreChain, MAX_IGNORE_FILE_BYTES, type IgnoreChain, type RuleReader } from './ignore-rules';
