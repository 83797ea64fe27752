/** The face of git's render layer (patches and commit headers). */
export { formatFilePatch, quotePath } from './patch-format';
export { formatCommitHeader, formatGitDate } from './commit-header';
export { renderPatches, type RenderResult } from './render-patches';
