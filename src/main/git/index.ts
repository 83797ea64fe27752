/**
 * The read-only git reader behind `@diff`, `@staged` and `@git:N`: repositories, the index, the
 * views (unstaged, staged, commits), renames and patches. It knows nothing of its callers (the
 * resolvers in resolvers/git-reference.ts turn its views into references).
 */
export { locateRepository, readHead, type RepositoryLocation } from './repository';
export { parseIndex, type GitIndex, type IndexEntry } from './index-file';
export { openSession, type RepoSession } from './repo-session';
export { createDeadline, GitCancelled, type Deadline } from './deadline';
export { formatFilePatch, quotePath } from './patch-format';
export { formatCommitHeader, formatGitDate } from './commit-log';
export { readCommits, readStaged, readUnstaged, type ChangeSet, type CommitChanges, type ViewFailure } from './git-views';
export { detectRenames } from './renames';
export { renderPatches, type RenderResult } from './render-patches';
export { limitToWorkspace, workspacePrefix } from './workspace-scope';
export { readGitText } from './safe-open';
export { gitErrorSentence } from './error-sentence';
export { gitMessages } from './messages';
