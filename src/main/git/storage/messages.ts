/**
 * Every sentence the git references show a person, in one place (STYLE: so other languages can
 * follow). Each says what happened in the person's terms and, where there is one, the fix.
 */
import { text, type Text } from '../../../shared/i18n/text';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The words for what a file under .git is, when it is not a regular file. */
const FILE_KINDS = {
  fifo: 'git.fileKind.fifo',
  socket: 'git.fileKind.socket',
  device: 'git.fileKind.device',
  folder: 'git.fileKind.folder',
  special: 'git.fileKind.special',
} as const;

/** The catalogue key of what a git reference attaches, by its English words (as git-reference.ts names it). */
function whatText(what: string): Text {
  if (what === 'unstaged changes') return text('git.whatUnstaged');
  if (what === 'staged changes') return text('git.whatStaged');
  return text('git.whatLog');
}

/**
 * The sentences of the git references, as catalogue texts (`git.*`). The block descriptions
 * (`describe*`) are for the model and stay in English.
 */
export const gitMessages = {
  noUnstaged: (repo: string): Text => text('git.noUnstaged', { repo }),
  noStaged: (repo: string): Text => text('git.noStaged', { repo }),
  noCommits: (repo: string): Text => text('git.noCommits', { repo }),
  protectedPath: (what: string, path: string, reason: string): Text => text('git.protectedPath', { what: whatText(what), path, reason }),
  tooLarge: (what: string, limit: number): Text => text('git.tooLarge', { what: whatText(what), limit }),
  clamped: (asked: number, used: number, max: number): Text => text('git.clamped', { asked, used, max }),
  timeout: (ms: number): Text => text('git.timeout', { ms }),
  cancelled: (): Text => text('git.cancelled'),
  gitError: (detail: string): Text => text('git.error', { detail }),
  gitErrorIn: (detail: string, repo: string): Text => text('git.errorIn', { detail, repo }),
  objectMissing: (repo: string, oid: string | null): Text => text('git.objectMissing', { repo, oid: oid ? ` (${oid})` : '' }),
  objectDamaged: (repo: string, oid: string | null): Text => text('git.objectDamaged', { repo, oid: oid ? ` (${oid})` : '' }),
  fileTooLargeToCompare: (path: string, ref: string, what: string, max: number, lines: number): Text =>
    text('git.fileTooLargeToCompare', { path, ref, what: whatText(what), max, lines }),
  objectTooLarge: (repo: string, oid: string | null, limit: number): Text => text('git.objectTooLarge', { repo, oid: oid ? ` (${oid})` : '', limit }),
  gitFileProblem: (file: string, code: string): Text => text('git.fileProblem', { file, code }),
  gitFileNotRegular: (file: string, kind: 'fifo' | 'socket' | 'device' | 'folder' | 'special'): Text =>
    text('git.fileNotRegular', { file, kind: text(FILE_KINDS[kind]) }),
  gitFileTooLarge: (file: string): Text => text('git.fileTooLarge', { file }),
  nothingInWorkspace: (what: string, prefix: string, count: number): Text => text('git.nothingInWorkspace', { what: whatText(what), prefix, count }),
  // The block descriptions are for the model and stay in English, as the describe* below.
  limitedView: (prefix: string, leftOut: number) =>
    `; only the workspace folder ${prefix}/ of the repository` + (leftOut > 0 ? `, ${plural(leftOut, 'change', 'changes')} outside it left out` : ''),
  repositoryRead: (gitDir: string) => `; read from the git repository at ${gitDir}`,
  describeUnstaged: (files: number) => `unstaged changes (${plural(files, 'file', 'files')})`,
  describeStaged: (files: number) => `staged changes (${plural(files, 'file', 'files')})`,
  describeLog: (commits: number) => (commits === 1 ? 'last commit' : `last ${commits} commits`),
};
