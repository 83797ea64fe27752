/** The face of git's storage layer (repositories, the index, objects, refs) to the views, the render layer and other folders. */
export { createDeadline, GitCancelled, type Deadline } from './deadline';
export { openSession, type RepoSession, readCommit, type CommitInfo, loadIndex, readBlob, readTree, type TreeItem } from './repo-session';
export { locateRepository, readHead, type RepositoryLocation } from './repository';
export { parseIndex, type GitIndex, type IndexEntry } from './index-file';
export { readGitText } from './safe-open';
export { gitErrorSentence } from './error-sentence';
export { gitMessages } from './messages';
export { indexFolders } from './index-folders';
export { compareCodePoints } from './objects/parse-objects';
export { STAT_ERROR, STAT_EXECUTABLE, STAT_FILE, STAT_SYMLINK, STAT_WORDS, statAll, statInto, statTimes } from './stat-preload';
export { WorktreeWatch } from './worktree-watch';
