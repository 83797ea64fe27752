import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HELPER_KEEP_MS, STAT_CHUNK, STAT_ERROR, STAT_EXECUTABLE, STAT_FILE, STAT_MISSING, STAT_OTHER, STAT_SYMLINK, STAT_WORDS, shortestPrefix, statAll, statHelperHoldsList, statHelperState, statHelperUsesRaw, statInto, statTimes, threadRawLstat } from './stat-preload';
import { rawLstatOf } from './raw-lstat';

let root: string;
let paths: string[];
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'atmark-stat-')));
  paths = [];
  for (let i = 0; i < 3000; i++) {
    const full = path.join(root, `d${i % 30}`, `f${i}.txt`);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, 'x'.repeat(i % 97));
    paths.push(full);
  }
  // A few of every kind, in the second half too (the helper's share).
  for (const i of [10, 2500]) fs.chmodSync(paths[i] as string, 0o755);
  for (const i of [11, 2501]) fs.rmSync(paths[i] as string);
  for (const i of [12, 2502]) {
    fs.rmSync(paths[i] as string);
    fs.symlinkSync('elsewhere', paths[i] as string);
  }
  for (const i of [13, 2503]) {
    fs.rmSync(paths[i] as string);
    fs.mkdirSync(paths[i] as string);
  }
  paths[2504] = path.join(root, 'n'.repeat(300)); // ENAMETOOLONG: not absence, an error
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A scan's records as bytes (a large scan's array is a view of page-sized memory: large-buffer.ts). */
const bytesOf = (records: Uint32Array): Buffer => Buffer.from(records.buffer, records.byteOffset, records.byteLength);

function alone(): Uint32Array {
  const out = new Uint32Array(paths.length * STAT_WORDS);
  statInto(fs.lstatSync, paths, 0, paths.length, out);
  return out;
}

async function helperReady(): Promise<void> {
  for (let waited = 0; statHelperState() !== 'ready' && waited < 10_000; waited += 20) {
    statAll(paths, () => {});
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(statHelperState()).toBe('ready');
}

describe('statAll', () => {
  it('records each kind of entry, inode and size truncated as git stores them, its links, times as Node gives them', () => {
    const out = alone();
    const kind = (i: number) => out[i * STAT_WORDS];
    expect([kind(0), kind(10), kind(11), kind(12), kind(13), kind(2504)]).toEqual([STAT_FILE, STAT_EXECUTABLE, STAT_MISSING, STAT_SYMLINK, STAT_OTHER, STAT_ERROR]);
    const st = fs.lstatSync(paths[96] as string, { bigint: true });
    expect([...out.subarray(96 * STAT_WORDS + 1, 96 * STAT_WORDS + 4)]).toEqual([Number(st.ino % 2n ** 32n), Number(st.size), Number(st.nlink)]);
    expect([out[11 * STAT_WORDS + 3], out[2504 * STAT_WORDS + 3]]).toEqual([0, 0]); // missing, failed: no links
    // The times are seconds * 1000 + nanoseconds / 1e6 in a double, from the exact BigInt times.
    const ms = (ns: bigint): number => Number(ns / 1_000_000_000n) * 1000 + Number(ns % 1_000_000_000n) / 1e6;
    expect([...statTimes(out).subarray(96 * 4 + 2, 96 * 4 + 4)]).toEqual([ms(st.mtimeNs), ms(st.ctimeNs)]);
  });

  it("gives the same records through Node's binding as through fs.lstatSync, every kind and the error included", () => {
    const raw = threadRawLstat();
    // Node 20 and 22 pass the self-check; null here means every scan has fallen back to fs.lstatSync.
    expect(raw, 'the raw lstat failed its self-check on this Node').not.toBeNull();
    const out = new Uint32Array(paths.length * STAT_WORDS);
    statInto(fs.lstatSync, paths, 0, paths.length, out, '', raw);
    expect(out[2504 * STAT_WORDS]).toBe(STAT_ERROR); // the binding threw, fs.lstatSync said why
    expect(bytesOf(out).equals(bytesOf(alone()))).toBe(true);
  });

  it('uses no raw lstat whose self-check fails', () => {
    const probe = paths[0] as string;
    expect(rawLstatOf(fs, probe, path.join(root, 'not-there'))).not.toBeNull();
    // "Absent" names a file: no check of absence is possible.
    expect(rawLstatOf(fs, probe, paths[1] as string)).toBeNull();
    // The binding's numbers disagree with what fs.lstatSync says of the probe (another layout).
    const skewed = { lstatSync: (p: string, o: { throwIfNoEntry: false }) => { const st = fs.lstatSync(p, o); return st && { ...st, mtimeMs: st.mtimeMs + 1 }; } };
    expect(rawLstatOf(skewed, probe, path.join(root, 'not-there'))).toBeNull();
  });

  it('gives the same records when the helper thread stats half of a long list', async () => {
    await helperReady();
    const shared = statAll(paths, () => {});
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer); // the helper took part
    expect(statHelperUsesRaw()).toBe(true); // through the binding, as the calling thread
    expect(bytesOf(shared).equals(bytesOf(alone()))).toBe(true);
  });

  it('hands the first scan it may share to the helper as it boots', async () => {
    vi.resetModules();
    const fresh = await import('./stat-preload');
    expect(fresh.statHelperState()).toBe('not started');
    let mainChunks = 0;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const first = fresh.statAll(paths, () => {
      // The calling thread's first chunk waits (at most 10 s) for the helper to boot, as a slow
      // first chunk would: the helper must then take chunks of this same scan.
      if (mainChunks++ === 0) for (let i = 0; i < 500 && fresh.statHelperState() !== 'ready'; i++) Atomics.wait(pause, 0, 0, 20);
    });
    expect(fresh.statHelperState()).toBe('ready');
    expect(mainChunks).toBeLessThan(Math.ceil(paths.length / STAT_CHUNK));
    expect(bytesOf(first).equals(bytesOf(alone()))).toBe(true);
  });

  it('stats relative paths under a prefix as their full paths, on both threads', async () => {
    await helperReady();
    const relative = paths.map((p) => path.relative(root, p));
    const shared = statAll(relative, () => {}, `${root}${path.sep}`);
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer); // the helper took part
    expect(statHelperUsesRaw()).toBe(true); // through the binding, as the calling thread
    expect(bytesOf(shared).equals(bytesOf(alone()))).toBe(true);
    // Without the prefix the same list names other files (none, from the test's folder).
    const bare = statAll(relative, () => {});
    expect(bytesOf(bare).equals(bytesOf(alone()))).toBe(false);
  });

  it('sees a change made between two scans in the helper’s half', async () => {
    await helperReady();
    const before = statAll(paths, () => {});
    const i = 2900;
    fs.writeFileSync(paths[i] as string, 'a different length now');
    const after = statAll(paths, () => {});
    expect(after[i * STAT_WORDS + 2]).toBe(22);
    expect(after[i * STAT_WORDS + 2]).not.toBe(before[i * STAT_WORDS + 2]);
  });

  it('lets its copy of the list go after a quiet spell, and takes part again once it is sent anew', async () => {
    await helperReady();
    statAll(paths, () => {});
    // The list is held right after a scan; HELPER_KEEP_MS later the helper lets it go (waited for, not timed).
    for (let waited = 0; statHelperHoldsList() && waited < 30_000 + HELPER_KEEP_MS; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(statHelperHoldsList()).toBe(false);
    // The same array again: it is sent anew, and the helper's share is right.
    let shared = statAll(paths, () => {});
    expect(statHelperHoldsList()).toBe(true);
    expect(bytesOf(shared).equals(bytesOf(alone()))).toBe(true);
    for (let i = 0; i < 50; i++) shared = statAll(paths, () => {});
    expect(bytesOf(shared).equals(bytesOf(alone()))).toBe(true);
  });

  it('stops at the caller’s check between slices', () => {
    // Without the helper: every slice is then the caller's, so a second check comes for sure. With
    // it, a caller descheduled on a busy machine stats one slice while the helper does the other
    // eleven, and checks once (a busy run of the suite saw that).
    let calls = 0;
    expect(() =>
      statAll(
        paths,
        () => {
          if (++calls === 2) throw new Error('deadline');
        },
        '',
        false,
      ),
    ).toThrow('deadline');
    expect(calls).toBe(2);
  });

  // Last: it leaves the helper off for the rest of this file.
  it('stats alone, with the same records, where the thread may not block (as Electron’s main thread)', async () => {
    await helperReady();
    const wait = Atomics.wait;
    // Stand-in for a thread that may not block: Node's main thread may, so the refusal is simulated.
    Atomics.wait = () => {
      throw new TypeError('Atomics.wait cannot be called in this context');
    };
    try {
      // The caller waits only when the helper has not finished first: try until it had to.
      const expected = bytesOf(alone());
      for (let tries = 0; tries < 200 && statHelperState() === 'ready'; tries++) {
        expect(bytesOf(statAll(paths, () => {})).equals(expected)).toBe(true);
      }
      expect(statHelperState()).toBe('broken');
      expect(statAll(paths, () => {}).buffer).toBeInstanceOf(ArrayBuffer);
    } finally {
      Atomics.wait = wait;
    }
  });

  it('asks relative to the working directory when the prefix names it, by identity, with the same records', () => {
    const cwd = process.cwd();
    expect(shortestPrefix(cwd + path.sep)).toBe('');
    // A link to the working directory is the same folder; another folder is not.
    const link = path.join(root, 'here');
    fs.symlinkSync(cwd, link);
    expect(shortestPrefix(link + path.sep)).toBe('');
    expect(shortestPrefix(root + path.sep)).toBe(root + path.sep);
    expect(shortestPrefix(path.join(root, 'gone') + path.sep)).toBe(path.join(root, 'gone') + path.sep);
    expect(shortestPrefix('')).toBe('');
    // Files of this checkout, one absent: the same records asked relative and by full path.
    const own = ['package.json', 'README.md', 'src', 'no-such-file.atmark'];
    const relative = statAll(own, () => {}, cwd + path.sep, false);
    const full = statAll(own.map((p) => path.join(cwd, p)), () => {}, '', false);
    expect(relative[0]).toBe(STAT_FILE);
    expect(relative[3 * STAT_WORDS]).toBe(STAT_MISSING);
    expect(bytesOf(relative)).toEqual(bytesOf(full));
  });
});
