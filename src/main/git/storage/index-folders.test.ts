import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, mergeConflict, readRepoIndex, type TestRepo } from '../../../../test-support/git';
import type { GitIndex, IndexEntry } from './index-file';
import { indexFolders } from './index-folders';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

/** The folders as the docs define them, built path by path: the listing on demand must agree. */
function reference(entries: readonly IndexEntry[]): Map<string, { files: string[]; dirs: Set<string> }> {
  const out = new Map<string, { files: string[]; dirs: Set<string> }>();
  const folder = (dir: string) => out.get(dir) ?? out.set(dir, { files: [], dirs: new Set() }).get(dir)!;
  for (const e of entries) {
    if (e.stage !== 0 || e.intentToAdd) continue;
    const parts = e.path.split('/');
    for (let i = 0; i < parts.length - 1; i++) folder(parts.slice(0, i).join('/')).dirs.add(parts[i] as string);
    folder(parts.slice(0, -1).join('/')).files.push(parts.at(-1) as string);
  }
  return out;
}

/** Every folder of `index` listed by {@link indexFolders} equals the reference; a folder it names beyond the reference lists no file. */
function expectAgrees(index: GitIndex): number {
  const list = indexFolders(index);
  const ref = reference(index.entries);
  for (const [dir, want] of ref) {
    const got = list(dir);
    expect([...(got?.files.keys() ?? [])].sort(), dir).toEqual([...want.files].sort());
    for (const [name, e] of got?.files ?? []) expect(e.path).toBe(dir === '' ? name : `${dir}/${name}`);
    for (const d of want.dirs) expect(got?.dirs.has(d), `${dir} holds ${d}`).toBe(true);
    for (const d of got?.dirs ?? []) {
      const child = dir === '' ? d : `${dir}/${d}`;
      if (!want.dirs.has(d)) expect(ref.has(child) || (list(child)?.files.size ?? 0) === 0, child).toBe(true);
    }
  }
  expect(list('no/such/folder')).toBeUndefined();
  return ref.size;
}

describe('indexFolders', () => {
  it('lists each folder of a real index: names around `/`, Japanese, full-width, emoji and U+FFEE, a conflict, intent-to-add', () => {
    repo = makeRepo();
    const files = ['a-b/x.txt', 'a.txt', 'a/b/c.txt', 'a/b.txt', 'a/b-c/d.txt', 'a0/d.txt', 'ドキュメント/メモ.md', 'ドキュメント/下書き/案.md', '資料（社外）/表.csv', '🙂/e.txt', '\uffee/f.txt', '\uffee/🙂/g.txt', 'top.txt', 'c/only.txt'];
    for (const f of files) repo.write(f, `${f}\n`);
    repo.commitAll('base');
    // A conflict on c/only.txt (its folder then holds only stages 1-3) and an intent-to-add file.
    mergeConflict(repo, 'c/only.txt');
    repo.write('n/new.txt', 'intent to add\n');
    repo.git(['add', '-N', 'n/new.txt']);
    const index = readRepoIndex(repo);
    expect(index.entries.some((e) => e.stage !== 0)).toBe(true);
    expect(index.entries.some((e) => e.intentToAdd)).toBe(true);
    expect(expectAgrees(index)).toBeGreaterThan(10);
  });

  it('lists an index out of git’s order (damaged) entry by entry, with the same answer', () => {
    repo = makeRepo();
    for (const f of ['a/1.txt', 'a/b/2.txt', 'b/3.txt', 'c/d/4.txt', 'c/5.txt']) repo.write(f, `${f}\n`);
    repo.commitAll('base');
    const index = readRepoIndex(repo);
    const shuffled: GitIndex = { ...index, entries: [...index.entries].reverse() };
    expectAgrees(shuffled);
    expect([...(indexFolders(shuffled)('c')?.files.keys() ?? [])]).toEqual(['5.txt']);
  });
});
