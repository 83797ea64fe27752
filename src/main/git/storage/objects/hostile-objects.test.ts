/**
 * Hostile object files (issue 26, findings 1, 2 and 9): packs whose deltas loop, a loose object that
 * is a zlib bomb, an index that points past its pack, a `.idx` that is a FIFO. Each is built byte by
 * byte in a real repository and read through the real engine with its own short git deadline: the
 * reference must end with one sentence (never a library's words) within that deadline plus a second,
 * and without taking memory near the size the bomb claims.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../engine';
import { makeRepo, type TestRepo } from '../../../../../test-support/git';
import { PACK_TYPES, insertDelta, removeLoose, replaceLoose, writePack, zlibBomb } from '../../../../../test-support/git-pack';

const LINUX = process.platform === 'linux';
const GIT_TIMEOUT_MS = 3000;
let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

/** A one-commit repository holding `b.txt`, and the id of b.txt's blob. */
function oneCommit(): { r: TestRepo; gitDir: string; blob: string } {
  repo = makeRepo();
  repo.write('a.txt', 'alpha\n');
  repo.write('b.txt', 'bravo\n');
  repo.commitAll('first');
  return { r: repo, gitDir: path.join(repo.dir, '.git'), blob: repo.git(['rev-parse', 'HEAD:b.txt']).trim() };
}

/** `@git:1` through the engine: its status and warning text, the time it took and the heap it added. */
async function readLog(r: TestRepo): Promise<{ status: string; message: string; ms: number; grewMiB: number }> {
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const result = await createEngine({ workspace: r.dir, limits: { gitTimeoutMs: GIT_TIMEOUT_MS } }).expand('@git:1', { fresh: true });
  const ms = performance.now() - started;
  const grewMiB = (process.memoryUsage().rss - before) / 1024 / 1024;
  const ref = result.references[0];
  const message = ref?.warnings.map((w) => w.message).join(' ') ?? '';
  if (process.env.ATMARK_SHOW_MESSAGES) console.log(`${ref?.status} in ${Math.round(ms)} ms, +${Math.round(grewMiB)} MiB: ${message}`);
  return { status: ref?.status ?? 'none', message, ms, grewMiB };
}

/** One sentence a person can act on: no stack, no library text, names git fsck or the file. */
function expectSentence(message: string): void {
  expect(message.length).toBeGreaterThan(20);
  expect(message).not.toMatch(/\n|at .*\(.*:\d+:\d+\)|Error:|Cannot read properties|outside buffer bounds|undefined|internal error/i);
}

/** `@git:1` failed with a sentence matching `pattern`; the outcome, for any further checks. */
async function expectFailed(r: TestRepo, pattern: RegExp): Promise<Awaited<ReturnType<typeof readLog>>> {
  const got = await readLog(r);
  expect(got.status).toBe('failed');
  expect(got.message).toMatch(pattern);
  expectSentence(got.message);
  return got;
}

describe('packs whose deltas loop', () => {
  it(
    'a REF_DELTA whose base is itself ends with "damaged" within the deadline',
    async () => {
      const { r, gitDir, blob } = oneCommit();
      removeLoose(gitDir, blob);
      writePack(gitDir, [{ oid: blob, type: PACK_TYPES.refDelta, baseId: blob, payload: insertDelta(6, Buffer.from('bravo\n')) }]);
      const got = await expectFailed(r, /damaged/);
      expect(got.message).toContain(blob.slice(0, 7));
    },
    GIT_TIMEOUT_MS + 1000,
  );

  it(
    'an OFS_DELTA pointing 0 bytes back (at itself) ends with "damaged"',
    async () => {
      const { r, gitDir, blob } = oneCommit();
      removeLoose(gitDir, blob);
      writePack(gitDir, [{ oid: blob, type: PACK_TYPES.ofsDelta, back: 0, payload: insertDelta(6, Buffer.from('bravo\n')) }]);
      await expectFailed(r, /damaged/);
    },
    GIT_TIMEOUT_MS + 1000,
  );

  it(
    'two REF_DELTAs that are each other\'s base end with "damaged"',
    async () => {
      const { r, gitDir, blob } = oneCommit();
      removeLoose(gitDir, blob);
      const other = 'f'.repeat(40);
      writePack(gitDir, [
        { oid: blob, type: PACK_TYPES.refDelta, baseId: other, payload: insertDelta(6, Buffer.from('bravo\n')) },
        { oid: other, type: PACK_TYPES.refDelta, baseId: blob, payload: insertDelta(6, Buffer.from('other\n')) },
      ]);
      await expectFailed(r, /damaged/);
    },
    GIT_TIMEOUT_MS + 1000,
  );

  it(
    'an OFS_DELTA pointing forward or before the pack header ends with "damaged"',
    async () => {
      const { r, gitDir, blob } = oneCommit();
      removeLoose(gitDir, blob);
      writePack(gitDir, [{ oid: blob, type: PACK_TYPES.ofsDelta, back: 11, payload: insertDelta(6, Buffer.from('bravo\n')) }]);
      await expectFailed(r, /damaged/);
    },
    GIT_TIMEOUT_MS + 1000,
  );
});

describe('zlib bombs', () => {
  it(
    'a loose blob whose header says 2 GiB is refused before it is inflated',
    async () => {
      const { r, gitDir, blob } = oneCommit();
      const bomb = zlibBomb(Buffer.from('blob 2147483648\0'), 2048);
      expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
      replaceLoose(gitDir, blob, bomb);
      const got = await expectFailed(r, /more than/);
      expect(got.message).toContain(blob.slice(0, 7));
      expect(got.grewMiB).toBeLessThan(256);
    },
    GIT_TIMEOUT_MS + 1000,
  );

  it(
    'a loose blob whose header says 6 bytes but inflates to 2 GiB is refused as damaged',
    async () => {
      const { r, gitDir, blob } = oneCommit();
      replaceLoose(gitDir, blob, zlibBomb(Buffer.from('blob 6\0'), 2048));
      const got = await expectFailed(r, /damaged/);
      expect(got.grewMiB).toBeLessThan(256);
    },
    GIT_TIMEOUT_MS + 1000,
  );

  it(
    'a packed blob whose entry header says 2 GiB is refused before it is inflated',
    async () => {
      const { r, gitDir, blob } = oneCommit();
      removeLoose(gitDir, blob);
      writePack(gitDir, [{ oid: blob, type: PACK_TYPES.blob, size: 2 ** 31, payload: Buffer.from('bravo\n') }]);
      await expectFailed(r, /more than/);
    },
    GIT_TIMEOUT_MS + 1000,
  );
});

describe('library errors said as sentences (finding 9)', () => {
  it('an index whose offset lies past the end of its pack: "damaged", not a buffer error', async () => {
    const { r, gitDir, blob } = oneCommit();
    removeLoose(gitDir, blob);
    writePack(gitDir, [{ oid: blob, type: PACK_TYPES.blob, payload: Buffer.from('bravo\n') }], { offsets: () => [0x7ffffff0] });
    await expectFailed(r, /damaged/);
  });

  it.runIf(LINUX)('a pack .idx that is a FIFO: the sentence names the file and what it is', async () => {
    const { r, gitDir, blob } = oneCommit();
    removeLoose(gitDir, blob);
    const files = writePack(gitDir, [{ oid: blob, type: PACK_TYPES.blob, payload: Buffer.from('bravo\n') }]);
    fs.rmSync(files.idx);
    execFileSync('mkfifo', [files.idx]);
    const got = await readLog(r);
    expect(got.status).toBe('failed');
    expect(got.message).toContain(path.basename(files.idx));
    expect(got.message).toMatch(/FIFO/);
    expectSentence(got.message);
  });

  it('a well-formed hand-written pack reads as git reads it (the builders are right)', async () => {
    const { r, gitDir, blob } = oneCommit();
    const expected = r.git(['log', '-1', '-p']);
    removeLoose(gitDir, blob);
    writePack(gitDir, [{ oid: blob, type: PACK_TYPES.blob, payload: Buffer.from('bravo\n') }]);
    expect(r.git(['cat-file', '-p', blob])).toBe('bravo\n');
    const result = await createEngine({ workspace: r.dir }).expand('@git:1', { fresh: true });
    expect(result.references[0]?.status).toBe('attached');
    expect(result.message).toContain(expected);
  });
});
