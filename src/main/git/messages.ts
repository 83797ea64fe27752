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
  gitError: (detail: string) => `git could not be read: ${detail}`,
  describeUnstaged: (files: number) => `unstaged changes (${plural(files, 'file', 'files')})`,
  describeStaged: (files: number) => `staged changes (${plural(files, 'file', 'files')})`,
  describeLog: (commits: number) => (commits === 1 ? 'last commit' : `last ${commits} commits`),
};
