/**
 * Hostile files under `.git` (issue 11, row 6): FIFOs and symlinks to `/dev/zero` as HEAD, config,
 * a branch ref, `commondir`, `packed-refs`, the index and a loose object. Each case runs `@diff`,
 * `@staged` and `@git:1` through the real engine in a real repository and must end with a sentence
 * (never hang): the test's own timeout is the git deadline plus one second. Linux only (mkfifo).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { makeRepo, type TestRepo } from '../../../test-support/git';

const LINUX = process.platform === 'linux';
if (!LINUX) console.log('hostile-git-files: FIFOs and /dev/zero need Linux; these rows are skipped here.');

const GIT_TIMEOUT_MS = 2000;
let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

/** Replaces `rel` (under .git) by a FIFO or by a symlink to /dev/zero. */
function plant(r: TestRepo, rel: string, kind: 'fifo' | 'zero'): void {
  const file = path.join(r.dir, '.git', rel);
  fs.rmSync(file, { force: true });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (kind === 'fifo') execFileSync('mkfifo', [file]);
  else fs.symlinkSync('/dev/zero', file);
}

/** The first loose object's path under .git. */
function looseObject(r: TestRepo): string {
  const objects = path.join(r.dir, '.git', 'objects');
  const dir = fs.readdirSync(objects).find((d) => /^[0-9a-f]{2}$/.test(d)) as string;
  return `objects/${dir}/${fs.readdirSync(path.join(objects, dir))[0]}`;
}

const FILES = ['HEAD', 'config', 'refs/heads/main', 'commondir', 'packed-refs', 'index', 'loose object'];

describe.runIf(LINUX)('hostile files under .git', () => {
  const rows = FILES.flatMap((file) => (['fifo', 'zero'] as const).map((kind) => [file, kind] as const));
  it.each(rows)(
    '%s as a %s: every git reference ends with a sentence within its deadline',
    async (file, kind) => {
      repo = makeRepo();
      repo.write('a.txt', 'one\n');
      repo.commitAll('first');
      repo.write('a.txt', 'two\n');
      repo.git(['add', 'a.txt']);
      repo.write('a.txt', 'three\n');
      // Refs packed, so HEAD's branch is found only in packed-refs.
      if (file === 'packed-refs') repo.git(['pack-refs', '--all']);
      plant(repo, file === 'loose object' ? looseObject(repo) : file, kind);
      const engine = createEngine({ workspace: repo.dir, limits: { gitTimeoutMs: GIT_TIMEOUT_MS } });
      const result = await engine.expand('@diff @staged @git:1', { fresh: true });
      for (const ref of result.references) {
        // Either it still works (the file was not needed) or it says what is wrong, in one sentence.
        if (ref.status === 'attached') continue;
        const message = ref.warnings.map((w) => w.message).join(' ');
        expect(message).not.toMatch(/\n|at .*\(.*:\d+:\d+\)|Error:/);
        expect(message.length).toBeGreaterThan(20);
        if (process.env.ATMARK_SHOW_MESSAGES) console.log(`${file} ${kind} ${ref.raw}: ${message}`);
      }
      const refused = result.references.filter((r) => r.status !== 'attached');
      expect(refused.length).toBeGreaterThan(0);
    },
    GIT_TIMEOUT_MS + 1000,
  );
});

describe('damaged objects (row 8)', () => {
  it.each([
    ['garbage bytes', Buffer.from('this is not zlib data at all')],
    ['a truncated zlib stream', Buffer.from([0x78, 0x01, 0x4b, 0xca, 0xc9, 0x4f])],
  ])('a loose commit object holding %s: one sentence naming the damage and the fix', async (_label, bytes) => {
    repo = makeRepo();
    repo.write('a.txt', 'one\n');
    repo.commitAll('first');
    const head = repo.git(['rev-parse', 'HEAD']).trim();
    const file = path.join(repo.dir, '.git', 'objects', head.slice(0, 2), head.slice(2));
    fs.rmSync(file, { force: true });
    fs.writeFileSync(file, bytes);
    const result = await createEngine({ workspace: repo.dir }).expand('@git:1', { fresh: true });
    const message = result.references[0]?.warnings.map((w) => w.message).join(' ') ?? '';
    expect(result.references[0]?.status).toBe('failed');
    expect(message).toMatch(/git object .* is (damaged|missing)/);
    expect(message).toContain('git fsck');
    expect(message).not.toMatch(/internal error|isomorphic-git|developers|\n/i);
    if (process.env.ATMARK_SHOW_MESSAGES) console.log(message);
  });
});
