/** The read-only git reader behind `@diff`, `@staged` and `@git:N`. */
export { resolveGitReference, type GitReferenceKind } from './git-reference';
export { locateRepository, readHead, type RepositoryLocation } from './repository';
export { parseIndex, type GitIndex, type IndexEntry } from './index-file';
export { openSession, type RepoSession } from './repo-session';
export { createDeadline, GitCancelled, type Deadline } from './deadline';
export { formatFilePatch, quotePath } from './patch-format';
export { formatCommitHeader, formatGitDate } from './commit-log';
