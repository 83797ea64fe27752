/**
 * Repository forms that change what history reads as (issue 26, findings 6, 8 and 9): a shallow
 * clone, `git replace`, and a clone that borrows its objects through `objects/info/alternates`
 * (`git clone --shared`). Each `@git:N` must equal native `git log -N -p` byte for byte, and the
 * completion list must read the same log.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logResolver } from '../../resolvers/log';
import { commitChoices } from '../../services/commits';
import { gitEnv, gitRef, makeContext, makeRepo, type TestRepo } from '../../../../test-support/git';

const made: TestRepo[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const r of made.splice(0)) r.cleanup();
  for (const f of folders.splice(0)) fs.rmSync(f, { recursive: true, force: true });
});

/** A repository of `n` commits, each changing `a.txt` and adding a file. */
function history(n: number): TestRepo {
  const repo = makeRepo();
  made.push(repo);
  for (let i = 0; i < n; i++) {
    repo.write('a.txt', `version ${i}\n`);
    repo.write(`f${i}.txt`, `file ${i}\n`);
    repo.commitAll(`commit ${i}`);
  }
  return repo;
}

/** Clones `from` with native git into a sibling folder (`args` such as `--depth 1` or `--shared`). */
function clone(from: TestRepo, name: string, args: string[]): string {
  const target = path.join(path.dirname(from.dir), name);
  // --depth needs the file:// transport (a plain path ignores it); --shared needs a plain path.
  const source = args.includes('--shared') ? from.dir : `file://${from.dir}`;
  execFileSync('git', ['clone', '-q', ...args, source, target], { env: gitEnv(path.dirname(from.dir)) });
  folders.push(target);
  return target;
}

function gitIn(dir: string, args: string[]): string {
  return execFileSync('git', ['-c', 'core.quotepath=true', ...args], { cwd: dir, env: gitEnv(path.dirname(dir)), encoding: 'utf8' });
}

async function logText(dir: string, n: number): Promise<string> {
  const res = await logResolver.resolve(gitRef('git', n), makeContext(dir));
  if (!res.ok) throw new Error(res.message);
  return res.text;
}

describe('history as git reads it', () => {
  it('a shallow clone (--depth 1): @git:5 shows the one commit git shows, against the empty tree', async () => {
    const origin = history(4);
    const shallow = clone(origin, 'shallow', ['--depth', '1']);
    expect(fs.existsSync(path.join(shallow, '.git', 'shallow'))).toBe(true);
    const expected = gitIn(shallow, ['log', '-5', '-p']);
    expect(expected.match(/^commit /gm)).toHaveLength(1);
    expect(await logText(shallow, 5)).toBe(expected);
    expect((await commitChoices(shallow)).map((c) => (c.type === 'commit' ? c.subject : ''))).toEqual(['commit 3']);
  });

  it('a shallow clone of depth 2 stops where git stops', async () => {
    const origin = history(5);
    const shallow = clone(origin, 'shallow2', ['--depth', '2']);
    expect(await logText(shallow, 5)).toBe(gitIn(shallow, ['log', '-5', '-p']));
  });

  it('git replace: @git:1 shows the replacement, under the original id, as git log does', async () => {
    const repo = history(2);
    const original = repo.git(['rev-parse', 'HEAD']).trim();
    repo.write('a.txt', 'replacement content\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--amend', '-m', 'the replacement']);
    const replacement = repo.git(['rev-parse', 'HEAD']).trim();
    repo.git(['reset', '-q', '--hard', original]);
    repo.git(['replace', original, replacement]);
    const expected = repo.git(['log', '-1', '-p']);
    expect(expected).toContain('the replacement');
    expect(expected).toContain(`commit ${original}`);
    expect(await logText(repo.dir, 1)).toBe(expected);
    // Packed, the replace ref is read from packed-refs.
    repo.git(['pack-refs', '--all']);
    expect(fs.existsSync(path.join(repo.dir, '.git', 'refs', 'replace', original))).toBe(false);
    expect(await logText(repo.dir, 1)).toBe(expected);
  });

  it('a clone that borrows its objects (--shared, objects/info/alternates) reads as git reads it', async () => {
    const origin = history(3);
    origin.git(['gc', '-q']);
    const shared = clone(origin, 'shared', ['--shared']);
    expect(fs.readFileSync(path.join(shared, '.git', 'objects', 'info', 'alternates'), 'utf8')).toContain(origin.dir);
    expect(await logText(shared, 3)).toBe(gitIn(shared, ['log', '-3', '-p']));
  });

  it('an alternates file naming a relative folder, a comment and a missing folder', async () => {
    const origin = history(2);
    const shared = clone(origin, 'shared-rel', ['--shared']);
    const file = path.join(shared, '.git', 'objects', 'info', 'alternates');
    const rel = path.relative(path.join(shared, '.git', 'objects'), path.join(origin.dir, '.git', 'objects'));
    fs.writeFileSync(file, `# borrowed\n/nonexistent/objects\n${rel}\n`);
    expect(await logText(shared, 2)).toBe(gitIn(shared, ['log', '-2', '-p']));
  });

  it.runIf(process.platform === 'linux')('an alternates file that is a FIFO is refused with a sentence naming it', async () => {
    const origin = history(1);
    const shared = clone(origin, 'shared-fifo', ['--shared']);
    const file = path.join(shared, '.git', 'objects', 'info', 'alternates');
    fs.rmSync(file);
    execFileSync('mkfifo', [file]);
    const res = await logResolver.resolve(gitRef('git', 1), makeContext(shared, { limits: { gitTimeoutMs: 3000 } }));
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.message).toMatch(/alternates is a pipe/);
  }, 4000);
});
