import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type TestRepo } from '../../../../../test-support/git';
import { readFileCapped } from '../read-only-fs';
import { readGitFileRange } from '../safe-open';
import { ObjectStore, type StoreFiles } from './object-store';
import { PACK_WINDOW_BYTES } from './pack-file';
import { parseCommit, parseTree } from './parse-objects';

let repo: TestRepo;
afterEach(() => repo?.cleanup());

const FILES: StoreFiles = {
  readFile: (file) => readFileCapped(file, 1 << 30),
  readRange: readGitFileRange,
  readdir: (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []),
};

/** A history whose files change a little each commit, so packing stores most versions as deltas. */
function history(commits = 12): TestRepo {
  repo = makeRepo();
  const lines = Array.from({ length: 300 }, (_, i) => `line ${i} of a file that changes a little in every commit`);
  for (let c = 0; c < commits; c++) {
    lines[(c * 37) % lines.length] = `changed in commit ${c}`;
    repo.write('src/a.txt', `${lines.join('\n')}\n`);
    repo.write(`src/deep/dir${c % 3}/b.txt`, `${lines.slice(c).join('\n')}\n`);
    repo.write('README.md', `# readme ${c}\n`);
    repo.commitAll(`commit ${c}\n\nbody ${c}`);
  }
  return repo;
}

function allObjects(r: TestRepo): Array<{ oid: string; type: string }> {
  return r
    .git(['cat-file', '--batch-all-objects', '--batch-check=%(objectname) %(objecttype)'])
    .trim()
    .split('\n')
    .map((l) => {
      const [oid, type] = l.split(' ') as [string, string];
      return { oid, type };
    });
}

/** Every object read by the store equals native git's bytes for it. */
function expectAllEqual(r: TestRepo): number {
  const store = new ObjectStore(path.join(r.dir, '.git', 'objects'), FILES);
  const objects = allObjects(r);
  for (const { oid, type } of objects) {
    const got = store.read(oid);
    expect(got?.type).toBe(type);
    expect(Buffer.compare(got?.data ?? Buffer.alloc(0), r.gitRaw(['cat-file', type, oid]))).toBe(0);
  }
  return objects.length;
}

describe('ObjectStore', () => {
  it('reads loose objects as git does', () => {
    expect(expectAllEqual(history(3))).toBeGreaterThan(10);
  });

  it('reads a packed history with offset deltas as git does', () => {
    const r = history();
    r.git(['gc', '-q', '--aggressive']);
    const verify = r.git(['verify-pack', '-v', ...fs.readdirSync(path.join(r.dir, '.git/objects/pack')).filter((n) => n.endsWith('.idx')).map((n) => `.git/objects/pack/${n}`)]);
    expect(verify).toMatch(/ blob +\d+ \d+ \d+ \d+ [0-9a-f]{40}/); // some objects are deltas (they name a base)
    expect(expectAllEqual(r)).toBeGreaterThan(40);
  });

  it('reads reference deltas (packs written without offset deltas)', () => {
    const r = history();
    r.git(['-c', 'repack.useDeltaBaseOffset=false', 'repack', '-a', '-d', '-f', '-q']);
    expect(expectAllEqual(r)).toBeGreaterThan(40);
  });

  it('reads a pack and loose objects side by side, and says null for an object it lacks', () => {
    const r = history(4);
    r.git(['gc', '-q']);
    r.write('new.txt', 'after the pack\n');
    r.commitAll('loose');
    expectAllEqual(r);
    const store = new ObjectStore(path.join(r.dir, '.git', 'objects'), FILES);
    expect(store.read('0123456789abcdef0123456789abcdef01234567')).toBeNull();
    expect(store.read('not an id')).toBeNull();
  });

  it('reads on after git gc replaced the pack it listed (the pack is read in windows, not held whole)', () => {
    const r = history(6);
    r.write('noise.bin', crypto.randomBytes(100_000).toString('base64')); // a pack of many windows
    r.commitAll('noise');
    r.git(['gc', '-q']);
    const store = new ObjectStore(path.join(r.dir, '.git', 'objects'), FILES);
    const head = r.git(['rev-parse', 'HEAD']).trim();
    expect(store.read(head)?.type).toBe('commit'); // the pack is listed now, its first window read
    const before = fs.readdirSync(path.join(r.dir, '.git/objects/pack'));
    // The object stored last in the old pack: its window was not read before the pack went away.
    const idx = before.find((n) => n.endsWith('.idx')) as string;
    const last = r
      .git(['verify-pack', '-v', `.git/objects/pack/${idx}`])
      .split('\n')
      .filter((l) => /^[0-9a-f]{40} /.test(l))
      .map((l) => l.split(/\s+/))
      .sort((a, b) => Number(b[4]) - Number(a[4]))[0] as string[];
    expect(Number(last[4])).toBeGreaterThan(PACK_WINDOW_BYTES * 2);
    r.write('more.txt', 'a new object, so the new pack gets a new name\n');
    r.commitAll('more');
    r.git(['gc', '-q']);
    expect(fs.readdirSync(path.join(r.dir, '.git/objects/pack')).some((n) => before.includes(n))).toBe(false);
    const [oid, type] = last as [string, string];
    expect(Buffer.compare(store.read(oid)?.data ?? Buffer.alloc(0), r.gitRaw(['cat-file', type, oid]))).toBe(0);
  });

  it('parses trees and commits into the shapes the git reader uses', () => {
    const r = history(2);
    const store = new ObjectStore(path.join(r.dir, '.git', 'objects'), FILES);
    const head = r.git(['rev-parse', 'HEAD']).trim();
    const commit = parseCommit(store.read(head)?.data as Buffer);
    expect(commit.tree).toBe(r.git(['rev-parse', 'HEAD^{tree}']).trim());
    expect(commit.parent).toEqual([r.git(['rev-parse', 'HEAD~1']).trim()]);
    expect(commit.message).toBe('commit 1\n\nbody 1\n');
    const tree = parseTree(store.read(commit.tree)?.data as Buffer);
    expect(tree.map((e) => `${e.mode} ${e.type} ${e.path}`)).toEqual(['100644 blob README.md', '040000 tree src']);
  });

  it('refuses an object whose inflated size is not the size its pack header says (a damaged pack)', () => {
    const r = history(3);
    r.git(['gc', '-q']);
    const blob = r.git(['rev-parse', 'HEAD:README.md']).trim(); // "# readme 2\n": 11 bytes, stored whole
    const packDir = path.join(r.dir, '.git/objects/pack');
    const idx = fs.readdirSync(packDir).find((n) => n.endsWith('.idx')) as string;
    const line = r.git(['verify-pack', '-v', `.git/objects/pack/${idx}`]).split('\n').find((l) => l.startsWith(blob)) as string;
    const [, type, size, , offset] = line.split(/\s+/);
    expect([type, size]).toEqual(['blob', '11']);
    const packFile = path.join(packDir, idx.replace(/\.idx$/, '.pack'));
    fs.chmodSync(packFile, 0o644);
    const original = fs.readFileSync(packFile);
    // The header's first byte holds the size's low four bits: say 12 (more than inflates), then 5 (less).
    for (const said of [12, 5]) {
      const damaged = Buffer.from(original);
      damaged[Number(offset)] = ((damaged[Number(offset)] as number) & 0xf0) | said;
      fs.writeFileSync(packFile, damaged);
      const store = new ObjectStore(path.join(r.dir, '.git', 'objects'), FILES);
      expect(() => store.read(blob), `header says ${said}`).toThrow();
    }
    fs.writeFileSync(packFile, original);
    expect(new ObjectStore(path.join(r.dir, '.git', 'objects'), FILES).read(blob)?.data.toString()).toBe('# readme 2\n');
  });
});
