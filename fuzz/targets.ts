/**
 * What the fuzzer feeds (issue 26): the readers of untrusted bytes, each with its seeds (real files
 * made by native git and by the document builders) and the one rule it must keep: end, quickly, with
 * a value or with its own error type, never a library's TypeError or RangeError, never a hang, never
 * memory out of proportion. Read-only: the zip reader is called, never changed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocumentProblem } from '../src/main/extraction/document-problem';
import { ZipArchive } from '../src/main/extraction/zip';
import { parseIndex } from '../src/main/git/storage/index-file';
import { applyDelta } from '../src/main/git/storage/objects/delta';
import { GitObjectError } from '../src/main/git/storage/objects/object-error';
import { ObjectStore, type StoreFiles } from '../src/main/git/storage/objects/object-store';
import { findOffset, parsePackIndex } from '../src/main/git/storage/objects/pack-index';
import { parseCommit, parseTree } from '../src/main/git/storage/objects/parse-objects';
import { gitEnv } from '../test-support/git';
import { makeOdf, makePptx } from '../test-support/documents';
import { makeHwp } from '../test-support/hwp-documents';
import { paragraphText, readRecords } from '../src/main/extraction/hwp';
import CFB from 'cfb';

/** The uncompressed BodyText/Section0 stream of the test HWP document (headings, a list, a table). */
function hwpSection(): Buffer {
  const container = CFB.read(Buffer.from(makeHwp({ compressed: false })), { type: 'buffer' });
  const at = container.FullPaths.findIndex((p) => p.endsWith('/BodyText/Section0'));
  return Buffer.from(container.FileIndex[at]!.content as Uint8Array);
}

/** One reader under fuzz. */
export interface FuzzTarget {
  name: string;
  /** Real inputs the mutations start from. */
  seeds: Buffer[];
  /** Reads `input`; throws only when the reader broke its rule (a finding). */
  run(input: Buffer): void;
}

/** A reader's own, expected failure: not a finding. */
function expected(err: unknown, ...kinds: Array<abstract new (...args: never[]) => Error>): boolean {
  if (kinds.some((k) => err instanceof k)) return true;
  // Plain `Error`s are the parsers' own sentences ("git tree is malformed ..."); TypeError,
  // RangeError and the like are a library tripping over bytes it did not expect.
  return err instanceof Error && err.constructor === Error;
}

/** Runs `fn` and rethrows anything that is not an expected failure. */
function guarded(fn: () => void, ...kinds: Array<abstract new (...args: never[]) => Error>): void {
  try {
    fn();
  } catch (err) {
    if (!expected(err, ...kinds)) throw err;
  }
}

/** The files of a small real repository: a pack (with deltas), its index, loose objects, the index file. */
export interface RepoFiles {
  pack: Buffer;
  idx: Buffer;
  ids: string[];
  loose: Buffer[];
  index: Buffer;
  trees: Buffer[];
  commits: Buffer[];
  deltas: Array<{ base: Buffer; delta: Buffer }>;
}

function run(dir: string, args: string[], env: NodeJS.ProcessEnv): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** Builds a repository with native git and collects its files. */
export function buildRepo(): RepoFiles {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atmark-fuzz-'));
  try {
    const env = gitEnv(root);
    const dir = path.join(root, 'repo');
    fs.mkdirSync(dir);
    run(dir, ['init', '-q'], env);
    const lines = Array.from({ length: 80 }, (_, i) => `line ${i} of a file that changes`);
    for (let c = 0; c < 6; c++) {
      lines[(c * 13) % lines.length] = `changed in commit ${c}`;
      fs.mkdirSync(path.join(dir, 'src', `d${c % 2}`), { recursive: true });
      fs.writeFileSync(path.join(dir, 'src', 'a.txt'), `${lines.join('\n')}\n`);
      fs.writeFileSync(path.join(dir, 'src', `d${c % 2}`, 'b.txt'), `${lines.slice(c).join('\n')}\n`);
      run(dir, ['add', '-A'], env);
      run(dir, ['commit', '-q', '-m', `commit ${c}`], { ...env, GIT_AUTHOR_DATE: `${1_600_000_000 + c} +0000`, GIT_COMMITTER_DATE: `${1_600_000_000 + c} +0000` });
    }
    const objects = path.join(dir, '.git', 'objects');
    const looseFiles = fs
      .readdirSync(objects)
      .filter((d) => /^[0-9a-f]{2}$/.test(d))
      .flatMap((d) => fs.readdirSync(path.join(objects, d)).map((f) => path.join(objects, d, f)));
    const loose = looseFiles.slice(0, 12).map((f) => fs.readFileSync(f));
    const raw = (type: string, oid: string): Buffer => execFileSync('git', ['cat-file', type, oid], { cwd: dir, env, maxBuffer: 64 << 20 });
    const all = run(dir, ['cat-file', '--batch-all-objects', '--batch-check=%(objectname) %(objecttype)'], env)
      .trim()
      .split('\n')
      .map((l) => l.split(' ') as [string, string]);
    const trees = all.filter(([, t]) => t === 'tree').slice(0, 6).map(([o]) => raw('tree', o));
    const commits = all.filter(([, t]) => t === 'commit').slice(0, 4).map(([o]) => raw('commit', o));
    const index = fs.readFileSync(path.join(dir, '.git', 'index'));
    run(dir, ['gc', '-q', '--aggressive'], env);
    const packDir = path.join(objects, 'pack');
    const idxName = fs.readdirSync(packDir).find((n) => n.endsWith('.idx')) as string;
    const pack = fs.readFileSync(path.join(packDir, idxName.replace(/\.idx$/, '.pack')));
    const idx = fs.readFileSync(path.join(packDir, idxName));
    const blobs = all.filter(([, t]) => t === 'blob').map(([o]) => raw('blob', o));
    // Deltas made here from consecutive versions (the format is the pack's; a small encoder).
    const deltas = blobs.slice(1).map((target, i) => ({ base: blobs[i] as Buffer, delta: encodeDelta(blobs[i] as Buffer, target) }));
    return { pack, idx, ids: all.map(([o]) => o), loose, index, trees, commits, deltas };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** A valid git delta: copy the common prefix from the base, insert the rest. */
function encodeDelta(base: Buffer, target: Buffer): Buffer {
  const varint = (n: number): number[] => {
    const out: number[] = [];
    do {
      let c = n & 0x7f;
      n = Math.floor(n / 128);
      if (n > 0) c |= 0x80;
      out.push(c);
    } while (n > 0);
    return out;
  };
  let common = 0;
  while (common < base.length && common < target.length && base[common] === target[common] && common < 0xffff) common++;
  const ops = [...varint(base.length), ...varint(target.length)];
  if (common > 0) ops.push(0x80 | 0x10 | 0x20, common & 0xff, (common >> 8) & 0xff);
  for (let i = common; i < target.length; i += 127) {
    const piece = target.subarray(i, Math.min(i + 127, target.length));
    ops.push(piece.length, ...piece);
  }
  return Buffer.from(ops);
}

/** An in-memory object folder: the store reads through this instead of the disk (same interface). */
function memoryFiles(files: Map<string, Buffer>): StoreFiles {
  return {
    readFile(file) {
      const data = files.get(file);
      if (!data) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
      return data;
    },
    readRange(file, position, length) {
      const data = this.readFile(file);
      return { bytes: data.subarray(position, Math.min(data.length, position + length)), size: data.length };
    },
    readdir(dir) {
      const prefix = `${dir}/`;
      return [...files.keys()].filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes('/')).map((f) => f.slice(prefix.length));
    },
  };
}

const OBJECTS = '/fuzz/objects';

/** Reads every id of `ids` through a store over `files`. */
function readAll(files: Map<string, Buffer>, ids: readonly string[]): void {
  const store = new ObjectStore(OBJECTS, memoryFiles(files));
  for (const oid of ids) guarded(() => store.read(oid), GitObjectError);
}

/** `files` after a trip through a worker's message channel (Buffers arrive as Uint8Arrays). */
export function reviveRepo(files: RepoFiles): RepoFiles {
  const b = (u: Uint8Array): Buffer => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
  return {
    pack: b(files.pack),
    idx: b(files.idx),
    ids: files.ids,
    loose: files.loose.map(b),
    index: b(files.index),
    trees: files.trees.map(b),
    commits: files.commits.map(b),
    deltas: files.deltas.map((d) => ({ base: b(d.base), delta: b(d.delta) })),
  };
}

/** Every target, over the files of `r` (built with {@link buildRepo}). */
export function fuzzTargets(r: RepoFiles): FuzzTarget[] {
  const packFiles = (pack: Buffer, idx: Buffer): Map<string, Buffer> =>
    new Map([
      [`${OBJECTS}/pack/pack-x.pack`, pack],
      [`${OBJECTS}/pack/pack-x.idx`, idx],
    ]);
  const someIds = r.ids.slice(0, 40);
  return [
    { name: 'pack', seeds: [r.pack], run: (input) => readAll(packFiles(input, r.idx), someIds) },
    {
      name: 'idx',
      seeds: [r.idx],
      run: (input) => {
        guarded(() => {
          const idx = parsePackIndex(input);
          if (idx) for (const oid of someIds) findOffset(idx, Buffer.from(oid, 'hex'));
        });
        readAll(packFiles(r.pack, input), someIds.slice(0, 10));
      },
    },
    {
      name: 'delta',
      seeds: r.deltas.map((d) => d.delta),
      run: (input) => {
        for (const { base } of r.deltas.slice(0, 3)) guarded(() => applyDelta(base, input, 1 << 24));
      },
    },
    {
      name: 'loose',
      seeds: r.loose,
      run: (input) => readAll(new Map([[`${OBJECTS}/ab/${'c'.repeat(38)}`, input]]), [`ab${'c'.repeat(38)}`]),
    },
    { name: 'tree', seeds: r.trees, run: (input) => guarded(() => parseTree(input)) },
    { name: 'commit', seeds: r.commits, run: (input) => guarded(() => parseCommit(input)) },
    {
      name: 'index',
      seeds: [r.index],
      run: (input) => {
        // parseIndex answers a value for every input; a throw is a finding.
        parseIndex(input);
      },
    },
    {
      name: 'zip',
      seeds: [Buffer.from(makePptx([{ title: 'Plan', bullets: ['one', 'two'], notes: 'n' }])), Buffer.from(makeOdf('text', '<text:p>hello</text:p>'))],
      run: (input) => {
        guarded(() => {
          const zip = new ZipArchive(input, 8 * 1024 * 1024);
          for (const name of zip.names()) guarded(() => zip.bytesOf(name), DocumentProblem);
        }, DocumentProblem);
      },
    },
    {
      // HWP 5's record walk and text decoding, on an uncompressed section stream as a seed.
      name: 'hwp-records',
      seeds: [hwpSection()],
      run: (input) => {
        guarded(() => {
          for (const record of readRecords(input, 'BodyText/Section0')) if (record.tag === 67) paragraphText(record.data);
        }, DocumentProblem);
      },
    },
  ];
}
