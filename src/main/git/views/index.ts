/** The face of git's views (what changed: the worktree, the index, commits, status marks) to the render layer and other folders. */
export { statusMarksCache, type StatusMarks } from './status-marks';
export { walkLog } from './commit-log';
export { readCommits, readStaged, readUnstaged, type ChangeSet, type CommitChanges, type ViewFailure } from './git-views';
export { detectRenames } from './renames';
export { PatchFloor, ViewTooLarge } from './patch-floor';
export { limitToWorkspace, workspacePrefix } from './workspace-scope';
export { MAX_DIFF_FILE_BYTES } from './worktree-changes';
export { type FileChange, MODE_GITLINK, type FileSide } from './file-change';
