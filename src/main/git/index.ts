/**
 * The read-only git reader behind `@diff`, `@staged` and `@git:N`: repositories, the index, the
 * views (unstaged, staged, commits), renames and patches. It knows nothing of its callers (the
 * resolvers in resolvers/git-reference.ts turn its views into references).
 */
export { locateRepository, readHead, type RepositoryLocation } from './storage/repository';
export { parseIndex, type GitIndex, type IndexEntry } from './storage/index-file';
export { openSession, type RepoSession } from './storage/repo-session';
export { createDeadline, GitCancelled, type Deadline } from './storage/deadline';
export { formatFilePatch, quotePath } from './render/patch-format';
export { formatCommitHeader, formatGitDate } from './render/commit-header';
export { readCommits, readStaged, readUnstaged, type ChangeSet, type CommitChanges, type ViewFailure } from './views/git-views';
export { detectRenames } from './views/renames';
export { renderPatches, type RenderResult } from './render/render-patches';
export { limitToWorkspace, workspacePrefix } from './views/workspace-scope';
export { MAX_DIFF_FILE_BYTES } from './views/worktree-changes';
export { readGitText } from './storage/safe-open';
export { gitErrorSentence } from './storage/error-sentence';
export { gitMessages } from './storage/messages';
