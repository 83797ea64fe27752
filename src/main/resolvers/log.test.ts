import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Resolution, Resolved } from '../resolve';
import { expectRefusal } from '../../../test-support/refusals';
import { fingerprint, gitEnv, gitRef, makeContext, makeRepo, type TestRepo } from '../../../test-support/git';
import { commitChoices } from '../services/commits';
import { logResolver } from './log';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

/** A repository with a varied history: text edits, a binary file, a mode change, a rename, a root commit. */
function historyRepo(): TestRepo {
  const repo = makeRepo();
  repos.push(repo);
  repo.write('README.md', '# Title\n\nIntro.\n');
  repo.write('src/app.ts', Array.from({ length: 30 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n');
  repo.commitAll('Initial commit\n\nWith a body.\n\tTabbed line.');
  repo.write('src/app.ts', fs.readFileSync(path.join(repo.dir, 'src/app.ts'), 'utf8').replace('v7 = 7', 'v7 = 70'));
  repo.write('logo.bin', Buffer.from([0x89, 0x50, 0, 1]));
  repo.commitAll('Tweak v7, add logo');
  fs.chmodSync(path.join(repo.dir, 'README.md'), 0o755);
  repo.git(['mv', 'src/app.ts', 'src/main.ts']);
  repo.commitAll('Rename app to main');
  repo.write('space dir/ünï.txt', 'no newline');
  fs.rmSync(path.join(repo.dir, 'logo.bin'));
  repo.commitAll('Unicode, removal');
  return repo;
}

async function resolveLog(repo: TestRepo, count: number, workspace = repo.dir): Promise<Resolution> {
  const before = fingerprint(path.join(repo.dir, '.git'));
  const res = await logResolver.resolve(gitRef('git', count), makeContext(workspace));
  expect(fingerprint(path.join(repo.dir, '.git'))).toBe(before);
  return res;
}

function ok(res: Resolution): Resolved {
  if (!res.ok) throw new Error(`expected commits, got ${res.code}: ${res.message}`);
  return res;
}

describe('@git:N against native git', () => {
  it('equals git log -N -p (renames detected as by default) and lists git log -N ids', async () => {
    const repo = historyRepo();
    for (const n of [1, 2, 4]) {
      const res = ok(await resolveLog(repo, n));
      expect(res.text).toBe(repo.git(['log', `-${n}`, '-p', '-M']));
      expect(res.source.commits).toEqual(repo.git(['log', `-${n}`, '--format=%H']).trim().split('\n'));
      // Both paths of a rename are named (each is judged by the protected list).
      const names = repo.git(['-c', 'core.quotepath=false', 'log', `-${n}`, '--no-renames', '--name-only', '--format=']).split('\n').filter(Boolean);
      expect(new Set(res.source.paths)).toEqual(new Set(names));
      expect(res.description).toBe(n === 1 ? 'last commit' : `last ${n} commits`);
      expect(res.target).toBe(`HEAD~${n}..HEAD`);
      expect(res.warnings).toBeUndefined();
    }
  });

  it("gives patches git apply takes in reverse at each commit", async () => {
    const repo = historyRepo();
    repo.git(['gc', '-q']);
    const res = ok(await resolveLog(repo, 3));
    const sections = res.text.split(/^(?=commit [0-9a-f]{40}$)/m);
    const clone = path.join(path.dirname(repo.dir), 'clone');
    repo.git(['clone', '-q', repo.dir, clone], path.dirname(repo.dir));
    const env = gitEnv(path.dirname(repo.dir));
    for (const section of sections) {
      const id = /^commit ([0-9a-f]{40})/.exec(section)?.[1] as string;
      const patch = section.slice(section.indexOf('diff --git'));
      execFileSync('git', ['checkout', '-q', id], { cwd: clone, env });
      const textOnly = patch.split(/^(?=diff --git)/m).filter((p) => !p.includes('Binary files')).join('');
      execFileSync('git', ['apply', '--check', '-R'], { cwd: clone, env, input: textOnly });
    }
  });

  it('shows merges as git log -p does: a header with Merge: and no patch', async () => {
    const repo = historyRepo();
    repo.git(['checkout', '-q', '-b', 'side', 'HEAD~1']);
    repo.write('side.txt', 'side\n');
    repo.commitAll('Side work');
    repo.git(['checkout', '-q', 'main']);
    const date = `${1_600_000_000 + 99_999} +0000`;
    execFileSync('git', ['merge', '-q', '--no-edit', 'side'], { cwd: repo.dir, env: { ...gitEnv(path.dirname(repo.dir)), GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
    const res = ok(await resolveLog(repo, 6));
    expect(res.text).toBe(repo.git(['log', '-6', '-p', '-M']));
    expect(res.text).toMatch(/^Merge: [0-9a-f]{7} [0-9a-f]{7}$/m);
    expect(res.source.commits).toEqual(repo.git(['log', '-6', '--format=%H']).trim().split('\n'));
  });

  it('in a history with merges, every completion row names the commit its reference attaches last', async () => {
    // Two branches whose commit dates interleave, merged twice: the order git log gives is by date,
    // not by branch, and a walk that lists a merge's parents in turn would name other commits.
    const repo = historyRepo();
    repo.git(['checkout', '-q', '-b', 'side']);
    for (const [branch, n, tick] of [['side', 1, 101], ['main', 1, 102], ['side', 2, 103], ['main', 2, 105], ['side', 3, 104]] as const) {
      repo.git(['checkout', '-q', branch]);
      repo.write(`${branch}.txt`, `${branch} ${n}\n`);
      repo.commitAll(`${branch} ${n}`, tick);
      if (branch === 'main' && n === 1) {
        const date = `${1_600_000_000 + 102 * 60 + 30} +0000`;
        execFileSync('git', ['merge', '-q', '--no-edit', 'side'], { cwd: repo.dir, env: { ...gitEnv(path.dirname(repo.dir)), GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
      }
    }
    repo.git(['checkout', '-q', 'main']);
    const date = `${1_600_000_000 + 106 * 60} +0000`;
    execFileSync('git', ['merge', '-q', '--no-edit', 'side'], { cwd: repo.dir, env: { ...gitEnv(path.dirname(repo.dir)), GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
    const rows = await commitChoices(repo.dir);
    const native = repo.git(['log', '-10', '--format=%h %s']).trim().split('\n');
    expect(rows.map((r) => (r.type === 'commit' ? `${r.shortId} ${r.subject}` : ''))).toEqual(native);
    for (const row of rows) {
      if (row.type !== 'commit') continue;
      const attached = ok(await resolveLog(repo, row.count));
      expect(attached.source.commits?.at(-1)?.slice(0, 7)).toBe(row.shortId);
    }
  });

  it('clamps 0 and 99 into 1..10 with a clamped warning', async () => {
    const repo = historyRepo();
    for (let i = 0; i < 8; i++) {
      repo.write('counter.txt', `${i}\n`);
      repo.commitAll(`Count ${i}`);
    }
    const low = ok(await resolveLog(repo, 0));
    expect(low.source.commits).toHaveLength(1);
    expect(low.warnings).toEqual([expect.objectContaining({ code: 'clamped', reference: '@git:0' })]);
    const high = ok(await resolveLog(repo, 99));
    expect(high.source.commits).toEqual(repo.git(['log', '-10', '--format=%H']).trim().split('\n'));
    expect(high.warnings?.[0]?.message).toContain('attached the last 10');
  });

  it('stops at the root commit when N is larger than the history', async () => {
    const repo = historyRepo();
    const res = ok(await resolveLog(repo, 10));
    expect(res.source.commits).toHaveLength(4);
    expect(res.text).toBe(repo.git(['log', '-10', '-p', '-M']));
  });

  it('from a workspace in a subfolder: the last N commits, their patches limited to the folder', async () => {
    const repo = historyRepo();
    const src = path.join(repo.dir, 'src');
    const res = ok(await resolveLog(repo, 2, src));
    expect(res.source.repository).toBe(repo.dir);
    const [newest, older] = repo.git(['log', '-2', '--format=%H']).trim().split('\n') as [string, string];
    // The newest commit touches nothing in src/: its header only. The older one: git show limited to src/.
    expect(res.text).toBe(`${repo.git(['log', '-1', '--format=medium', newest])}\n${repo.git(['log', '-1', '-p', '-M', older, '--', '.'], src)}`);
    expect(res.text).toContain('rename from src/app.ts\nrename to src/main.ts');
    expect(res.source.paths).toEqual(['src/app.ts', 'src/main.ts']);
    expect(res.description).toBe(`last 2 commits; only the workspace folder src/ of the repository, 3 changes outside it left out; read from the git repository at ${path.join(repo.dir, '.git')}`);
  });
});

describe('@git:N refusals', () => {
  it('is not_found in a repository without commits', async () => {
    const repo = makeRepo();
    repos.push(repo);
    const res = await resolveLog(repo, 3);
    expect(res).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('is blocked, naming the path, when a commit touched a protected path', async () => {
    const repo = historyRepo();
    repo.write('deploy/.npmrc', '//registry.npmjs.org/:_authToken=abc\n');
    repo.commitAll('Oops, a token');
    repo.write('after.txt', 'later\n');
    repo.commitAll('Later work');
    expect(ok(await resolveLog(repo, 1)).source.paths).toEqual(['after.txt']);
    const res = await resolveLog(repo, 2);
    expectRefusal(res, 'blocked', { contains: 'deploy/.npmrc' });
    expect(res.source?.commits).toHaveLength(2);
  });

  it('keeps the clamped warning on a refusal', async () => {
    const repo = historyRepo();
    const res = await logResolver.resolve(gitRef('git', 50), makeContext(repo.dir, { limits: { gitTimeoutMs: -1 } }));
    expect(res).toMatchObject({ ok: false, code: 'failed', warnings: [expect.objectContaining({ code: 'clamped' })] });
  });
});
