import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo, type TestRepo } from '../../../../test-support/git';
import { createDeadline } from './deadline';
import { openSession, readTree } from './repo-session';
import { locateRepository } from './repository';
import { treeBytes, treeCacheOf } from './tree-cache';

/** A repository of 12 folders of 30 files each: 13 trees, each of a few kilobytes parsed. */
let repo: TestRepo;
beforeAll(() => {
  repo = makeRepo();
  for (let d = 0; d < 12; d++) for (let f = 0; f < 30; f++) repo.write(`folder-${d}/file-${f}.txt`, `${d} ${f}\n`);
  repo.commitAll('trees');
});
afterAll(() => repo.cleanup());

describe('the parsed-tree cache', () => {
  it('keeps no more bytes of parsed trees than its bound, and what it evicted reads again the same', async () => {
    const located = locateRepository(repo.dir);
    if (!located.ok) throw new Error(located.message);
    const session = openSession(new Map(), located.repo);
    const deadline = createDeadline(new AbortController().signal, 10_000);
    const root = await readTree(session, repo.git(['rev-parse', 'HEAD^{tree}']).trim(), deadline);
    const folders = root.filter((item) => item.type === 'tree');
    expect(folders).toHaveLength(12);
    // A fresh session (its own object store) whose cache, made on first use, holds about eight folders' trees
    // (a tree heavier than a quarter of the bound is not kept at all).
    const bound = 8 * treeBytes(await readTree(session, folders[0]!.oid, deadline)) + 1000;
    const bounded = openSession(new Map(), located.repo);
    const boundedCache = treeCacheOf(bounded.objects, bound);
    expect(boundedCache).not.toBe(treeCacheOf(session.objects));
    const first: string[][] = [];
    for (const folder of folders) first.push((await readTree(bounded, folder.oid, deadline)).map((i) => `${i.mode} ${i.oid} ${i.path}`));
    expect(boundedCache.totalWeight).toBeGreaterThan(0);
    expect(boundedCache.totalWeight).toBeLessThanOrEqual(bound);
    expect(boundedCache.size).toBeLessThan(folders.length);
    // The first folders were evicted: read again, from the object store, they are the same.
    expect((await readTree(bounded, folders[0]!.oid, deadline)).map((i) => `${i.mode} ${i.oid} ${i.path}`)).toEqual(first[0]);
    expect(boundedCache.totalWeight).toBeLessThanOrEqual(bound);
  });
});
