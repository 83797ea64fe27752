import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Real temporary workspaces for tests: a folder under the OS temp dir, files written by code,
 * optionally a real git repository made with native git. Call `cleanup()` in afterEach/afterAll.
 */
export interface TempWorkspace {
  root: string;
  write(path: string, content: string | Buffer): string;
  git(...args: string[]): string;
  cleanup(): void;
}

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Ann Tester',
  GIT_AUTHOR_EMAIL: 'ann@example.com',
  GIT_COMMITTER_NAME: 'Ann Tester',
  GIT_COMMITTER_EMAIL: 'ann@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

/** Makes a temporary workspace; with `git: true` it is also a git repository with one empty commit. */
export function makeWorkspace(options: { git?: boolean; prefix?: string } = {}): TempWorkspace {
  const root = mkdtempSync(join(tmpdir(), options.prefix ?? 'atmark-test-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
      cwd: root,
      env: { ...process.env, ...GIT_ENV },
      encoding: 'utf8',
    });
  if (options.git) {
    git('init', '-q');
    git('commit', '-q', '--allow-empty', '-m', 'start');
  }
  return {
    root,
    write(path, content) {
      const full = join(root, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      return full;
    },
    git,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
