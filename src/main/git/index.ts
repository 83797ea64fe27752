/**
 * The read-only git reader behind `@diff`, `@staged` and `@git:N`: repositories, the index, the
 * views (unstaged, staged, commits), renames and patches. It knows nothing of its callers (the
 * resolvers in resolvers/git-reference.ts turn its views into references).
 */
export { locateRepository, readHead, type RepositoryLocation } from './storage';
export { parseIndex, type GitIndex, type IndexEntry } from './storage';
export { openSession, type RepoSession } from './storage';
export { createDeadline, GitCancelled, type Deadline } from './storage';
export { formatFilePatch, quotePath } from './render';
export { formatCommitHeader, formatGitDate } from './render';
export { readCommits, readStaged, readUnstaged, type ChangeSet, type CommitChanges, type ViewFailure } from './views';
export { detectRenames, PatchFloor, ViewTooLarge } from './views';
export { renderPatches, type RenderResult } from './render';
export { limitToWorkspace, workspacePrefix } from './views';
export { MAX_DIFF_FILE_BYTES } from './views';
export { readGitText } from './storage';
export { gitErrorSentence } from './storage';
export { gitMessages } from './storage';
