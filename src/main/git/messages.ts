/**
 * Every sentence the git references show a person, in one place (STYLE: so other languages can
 * follow). Each says what happened in the person's terms and, where there is one, the fix.
 */
import { KiB } from '../../shared/limits';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The English sentences of the git references. */
export const gitMessages = {
  noUnstaged: (repo: string) => `no unstaged changes: the tracked files in ${repo} match the index (git diff shows nothing)`,
  noStaged: (repo: string) => `no staged changes: the index in ${repo} matches the last commit (git diff --staged shows nothing)`,
  noCommits: (repo: string) => `the repository at ${repo} has no commits yet`,
  protectedPath: (what: string, path: string, reason: string) =>
    `the ${what} include ${path}, a protected path (${reason}); Atmark never attaches it. Attach the other files with @file instead`,
  tooLarge: (what: string, limit: number) =>
    `the ${what} are larger than ${Math.round((limit / KiB) * 10) / 10} KiB, more than one reference may attach; commit or stash some of them, or raise the limit in Settings`,
  clamped: (asked: number, used: number, max: number) =>
    `asked for ${asked} commits; attached the last ${used} (a git reference attaches 1 to ${max} commits; the maximum can be changed in Settings)`,
  timeout: (ms: number) => `reading git took longer than ${Math.round(ms / 100) / 10} s and was stopped; try again, or raise the git time limit in Settings`,
  cancelled: () => 'reading git was cancelled',
  gitError: (detail: string, repo?: string) =>
    `git could not be read${repo ? ` in ${repo}` : ''}: ${detail}; check the repository with \`git fsck\``,
  objectMissing: (repo: string, oid: string | null) =>
    `a git object${oid ? ` (${oid})` : ''} that this history needs is missing from the repository at ${repo}; run \`git fsck\` there, then fetch or re-clone to restore it`,
  objectDamaged: (repo: string, oid: string | null) =>
    `a git object${oid ? ` (${oid})` : ''} in the repository at ${repo} is damaged and cannot be read; run \`git fsck\` there to find it, and restore it from a clone or a backup`,
  gitFileProblem: (file: string, problem: string) =>
    `the git file ${file} ${problem}, so the repository could not be read; check it with \`git fsck\`, or re-clone the repository`,
  gitFileNotRegular: (file: string, kind: string) =>
    `the git file ${file} is a ${kind}, not a regular file, so Atmark did not read it; the repository looks damaged or was altered on purpose: replace it with the file git expects, or re-clone the repository`,
  gitFileTooLarge: (file: string) =>
    `the git file ${file} is far larger than git writes it, so Atmark did not read it; the repository looks damaged: check it with \`git fsck\`, or re-clone it`,
  limitedView: (prefix: string, leftOut: number) =>
    `; only the workspace folder ${prefix}/ of the repository` + (leftOut > 0 ? `, ${plural(leftOut, 'change', 'changes')} outside it left out` : ''),
  repositoryRead: (gitDir: string) => `; read from the git repository at ${gitDir}`,
  nothingInWorkspace: (what: string, prefix: string, leftOut: number) =>
    `no ${what} inside the workspace folder ${prefix}/: the ${plural(leftOut, 'change', 'changes')} in this repository ${leftOut === 1 ? 'lies' : 'lie'} outside it; open the repository's top folder as the workspace to see ${leftOut === 1 ? 'it' : 'them'}`,
  describeUnstaged: (files: number) => `unstaged changes (${plural(files, 'file', 'files')})`,
  describeStaged: (files: number) => `staged changes (${plural(files, 'file', 'files')})`,
  describeLog: (commits: number) => (commits === 1 ? 'last commit' : `last ${commits} commits`),
};
