/**
 * Helpers for the git reader's tests: real repositories made with native git in temporary folders,
 * a resolve context, and a fingerprint of a `.git` folder to prove nothing under it was written.
 * Native git runs only here and in the bench, never in product code.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Resolution, ResolveContext, Resolver } from '../src/main/resolve';
import { createEngineCaches } from '../src/main/engine/caches';
import { parseIndex, type GitIndex } from '../src/main/git/storage/index-file';
import { DEFAULT_LIMITS, type Limits } from '../src/shared/limits';
import type { ParsedReference } from '../src/shared/reference';

/** Environment for native git: fixed identity and dates, no user or system config. */
export function gitEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: path.join(home, '.gitconfig-none'),
    GIT_AUTHOR_NAME: 'Ada Tester',
    GIT_AUTHOR_EMAIL: 'ada@example.com',
    GIT_COMMITTER_NAME: 'Ada Tester',
    GIT_COMMITTER_EMAIL: 'ada@example.com',
    LC_ALL: 'C',
    TZ: 'UTC',
  };
}

/** A temporary repository driven by native git. */
export interface TestRepo {
  /** Real path of the working tree. */
  dir: string;
  /** Runs native git in the working tree (or `cwd`), returning stdout as a string. */
  git(args: string[], cwd?: string): string;
  /** Runs native git with raw output and optional stdin, returning stdout bytes. */
  gitRaw(args: string[], input?: string | Buffer): Buffer;
  /** Writes a file (folders created), bytes or text. */
  write(rel: string, content: string | Buffer): void;
  /** Commits everything with a message at a given committer/author time (seconds since 2020). */
  commitAll(message: string, tick?: number): void;
  cleanup(): void;
}

let clock = 0;

/** Creates an empty repository (`git init`) in a fresh temporary folder. */
export function makeRepo(options: { init?: boolean } = {}): TestRepo {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'atmark-git-')));
  const dir = path.join(root, 'repo');
  fs.mkdirSync(dir);
  const env = gitEnv(root);
  const base = ['-c', 'core.autocrlf=false', '-c', 'core.quotepath=true', '-c', 'init.defaultBranch=main', '-c', 'gc.auto=0'];
  const repo: TestRepo = {
    dir,
    git: (args, cwd = dir) => execFileSync('git', [...base, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 }),
    gitRaw: (args, input) => execFileSync('git', [...base, ...args], { cwd: dir, env, input, maxBuffer: 64 << 20 }),
    write(rel, content) {
      const full = path.join(dir, rel);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, content);
    },
    commitAll(message, tick = ++clock) {
      const date = `${1_600_000_000 + tick * 60} +0000`;
      repo.git(['add', '-A']);
      execFileSync('git', [...base, 'commit', '-q', '--allow-empty', '-m', message], {
        cwd: dir,
        env: { ...env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      });
    },
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
  if (options.init !== false) repo.git(['init', '-q']);
  return repo;
}

/** A resolve context for `workspace` with default limits (overridable) and fresh caches. */
export function makeContext(workspace: string, overrides: Omit<Partial<ResolveContext>, 'limits'> & { limits?: Partial<Limits> } = {}): ResolveContext {
  const { limits, ...rest } = overrides;
  return {
    workspaceRoot: workspace,
    home: os.homedir(),
    grants: new Set(),
    signal: new AbortController().signal,
    now: () => new Date('2026-01-02T03:04:05Z'),
    caches: createEngineCaches(),
    allowHosts: [],
    ...rest,
    limits: { ...DEFAULT_LIMITS, ...limits },
  };
}

/** A parsed git reference as the grammar would produce it. */
export function gitRef(kind: 'diff' | 'staged' | 'git', count?: number): ParsedReference {
  const raw = kind === 'git' ? `@git:${count}` : `@${kind}`;
  return { raw, kind, value: count === undefined ? '' : String(count), from: 0, to: raw.length, quoted: false, ...(count === undefined ? {} : { count }) };
}

/** The repository's `.git/index`, parsed by Atmark's reader; throws when it is refused. */
export function readRepoIndex(repo: TestRepo): GitIndex {
  const parsed = parseIndex(fs.readFileSync(path.join(repo.dir, '.git', 'index')));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.index;
}

/**
 * Leaves `file` in conflict on `main`: a branch `other` commits "theirs", `main` commits "ours"
 * (with `alsoOurs` written in the same commit), and merging `other` stops on the conflict. Throws
 * when the merge went through, since every caller needs the conflict.
 */
export function mergeConflict(repo: TestRepo, file: string, alsoOurs: Record<string, string> = {}): void {
  repo.git(['checkout', '-q', '-b', 'other']);
  repo.write(file, 'theirs\n');
  repo.commitAll('theirs');
  repo.git(['checkout', '-q', 'main']);
  repo.write(file, 'ours\n');
  for (const [name, content] of Object.entries(alsoOurs)) repo.write(name, content);
  repo.commitAll('ours');
  let merged = true;
  try {
    repo.git(['merge', '-q', 'other']);
  } catch {
    merged = false;
  }
  if (merged) throw new Error(`merging other did not leave ${file} in conflict`);
}

/**
 * A fingerprint of every file under `dir`: path, size, mode, mtime (ns) and content hash. Equal
 * fingerprints before and after mean nothing was written, touched or created.
 */
export function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string): void => {
    for (const name of fs.readdirSync(d).sort()) {
      const full = path.join(d, name);
      const st = fs.lstatSync(full, { bigint: true });
      hash.update(`${path.relative(dir, full)}\0${st.size}\0${st.mode}\0${st.mtimeNs}\n`);
      if (st.isDirectory()) walk(full);
      else if (st.isFile()) hash.update(fs.readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * Repositories for one test file: `with(files)` makes one whose first commit holds `files`;
 * `cleanup()` (in afterEach) removes every repository made since the last cleanup.
 */
export function repoPool() {
  const made: TestRepo[] = [];
  return {
    with(files: Record<string, string | Buffer>): TestRepo {
      const repo = makeRepo();
      made.push(repo);
      for (const [name, content] of Object.entries(files)) repo.write(name, content);
      repo.commitAll('initial');
      return repo;
    },
    track(repo: TestRepo): TestRepo {
      made.push(repo);
      return repo;
    },
    cleanup(): void {
      for (const r of made.splice(0)) r.cleanup();
    },
  };
}

/** Resolves `ref` with `resolver` in `workspace` (default the repository), proving `.git` is untouched by it. */
export async function resolveReadOnly(resolver: Resolver, ref: ParsedReference, repo: TestRepo, workspace = repo.dir): Promise<Resolution> {
  const before = fingerprint(path.join(repo.dir, '.git'));
  const res = await resolver.resolve(ref, makeContext(workspace));
  if (fingerprint(path.join(repo.dir, '.git')) !== before) throw new Error(`@${ref.kind} wrote under .git`);
  return res;
}
