/**
 * Generates the git bench repository: 10,000 files of about 5 KB, an initial commit plus 50 more,
 * packed with `git gc`, then 50 unstaged and 10 staged changes. Deterministic (seeded) and cached
 * under `bench/.work/git-repo/`: a second call finds the marker and returns at once. The index is
 * refreshed by native git a second after the last edit, so (as on a real machine) entries are not
 * "racy" and both git and Atmark settle unchanged files by their stat data.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../test-support/prng';

/** Shape of the generated repository. */
export const GIT_BENCH_SHAPE = { files: 10_000, fileBytes: 5_000, commits: 50, unstaged: 50, staged: 10 } as const;

const VERSION = 'git-bench-v2';
/**
 * The project's top folder: found upward from this module, because the bench may run from a bundle
 * placed elsewhere (scripts/run-ts.mjs writes one under node_modules/.cache).
 */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!(fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'bench')))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** Where the repository is generated. */
export const GIT_BENCH_DIR = path.join(projectRoot(), 'bench', '.work', 'git-repo');

/** Environment for native git: fixed identity, no user or system config. */
function gitEnv(date?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: path.dirname(GIT_BENCH_DIR),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: path.join(path.dirname(GIT_BENCH_DIR), 'no-gitconfig'),
    GIT_AUTHOR_NAME: 'Bench Author',
    GIT_AUTHOR_EMAIL: 'bench@example.com',
    GIT_COMMITTER_NAME: 'Bench Author',
    GIT_COMMITTER_EMAIL: 'bench@example.com',
  };
  if (date) Object.assign(env, { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  return env;
}

function git(args: string[], date?: string): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'gc.auto=0', ...args], {
    cwd: GIT_BENCH_DIR,
    env: gitEnv(date),
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
}

/** Path of file `i`: 10 packages x 10 modules x 100 files. */
export function benchFilePath(i: number): string {
  return `pkg${Math.floor(i / 1000)}/src/mod${Math.floor(i / 100) % 10}/file${i % 100}.ts`;
}

function codeLine(rand: () => number, i: number, j: number): string {
  const k = Math.floor(rand() * 1_000_000);
  return `export function fn_${i}_${j}(a: number, b: number): number { return a * ${k} + b - ${j}; }`;
}

function fileContent(rand: () => number, i: number): string {
  const lines: string[] = [`// file ${i}`];
  let size = lines[0]!.length + 1;
  for (let j = 0; size < GIT_BENCH_SHAPE.fileBytes; j++) {
    const line = codeLine(rand, i, j);
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n') + '\n';
}

/** Rewrites three lines of file `i` in place. */
function editFile(rand: () => number, i: number, tag: string): void {
  const full = path.join(GIT_BENCH_DIR, benchFilePath(i));
  const lines = fs.readFileSync(full, 'utf8').split('\n');
  for (let e = 0; e < 3; e++) {
    const j = 1 + Math.floor(rand() * (lines.length - 2));
    lines[j] = `${codeLine(rand, i, j)} // ${tag}`;
  }
  fs.writeFileSync(full, lines.join('\n'));
}

/**
 * Returns the bench repository's path, generating it first if it is missing or from an older
 * version of this generator. Takes about a minute the first time on two cores.
 */
export function generateGitRepo(log: (line: string) => void = () => {}): string {
  const marker = path.join(GIT_BENCH_DIR, '.git', 'atmark-bench');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === VERSION) return GIT_BENCH_DIR;
  log(`generating the git bench repository in ${GIT_BENCH_DIR} ...`);
  fs.rmSync(GIT_BENCH_DIR, { recursive: true, force: true });
  fs.mkdirSync(GIT_BENCH_DIR, { recursive: true });
  const rand = seededRandom(20260101);
  git(['init', '-q']);
  for (let i = 0; i < GIT_BENCH_SHAPE.files; i++) {
    const full = path.join(GIT_BENCH_DIR, benchFilePath(i));
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, fileContent(rand, i));
  }
  const date = (n: number): string => `${1_700_000_000 + n * 3600} +0000`;
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'Initial import'], date(0));
  for (let c = 1; c <= GIT_BENCH_SHAPE.commits; c++) {
    for (let f = 0; f < 10; f++) editFile(rand, Math.floor(rand() * GIT_BENCH_SHAPE.files), `commit ${c}`);
    git(['add', '-A']);
    git(['commit', '-q', '-m', `Change ${c}\n\nTouches ten files.`], date(c));
  }
  git(['gc', '-q']);
  // 10 staged changes (edits, then added), then 50 unstaged edits of other files.
  for (let s = 0; s < GIT_BENCH_SHAPE.staged; s++) editFile(rand, 17 + s * 997, 'staged');
  git(['add', '-A']);
  for (let u = 0; u < GIT_BENCH_SHAPE.unstaged; u++) editFile(rand, 5 + u * 197, 'unstaged');
  // Let a second pass so no entry is racy, then let git refresh the index as `git status` would.
  execFileSync('sleep', ['1.1']);
  git(['status', '--porcelain']);
  fs.writeFileSync(marker, VERSION);
  log('generated.');
  return GIT_BENCH_DIR;
}
