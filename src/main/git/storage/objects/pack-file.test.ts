import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGitFileRange } from '../safe-open';
import { GitObjectError } from './object-error';
import { PACK_WINDOW_BYTES, PackFile, type ReadRange } from './pack-file';

let dir: string;
let file: string;
let content: Buffer;
/** The ranges asked of the disk, as `position+length`. */
let reads: string[];
const counted: ReadRange = (f, position, length) => {
  reads.push(`${position}+${length}`);
  return readGitFileRange(f, position, length);
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atmark-pack-file-'));
  file = path.join(dir, 'pack-x.pack');
  content = crypto.randomBytes(PACK_WINDOW_BYTES * 6 + 123);
  fs.writeFileSync(file, content);
  reads = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('PackFile', () => {
  it('gives the bytes of any span as the file holds them: inside a window, across windows, clamped at the end', () => {
    const pack = PackFile.open(file, counted);
    expect(pack.size).toBe(content.length);
    const W = PACK_WINDOW_BYTES;
    const spans: Array<[number, number]> = [
      [0, 12],
      [W - 5, W + 5],
      [W * 2 + 7, W * 2 + 900],
      [W, W * 4 + 3],
      [content.length - 20, content.length + 50],
      [content.length, content.length + 1],
      [10, 10],
    ];
    for (const [from, to] of spans) expect(pack.bytes(from, to).equals(content.subarray(from, Math.min(to, content.length))), `${from}-${to}`).toBe(true);
  });

  it('reads only the windows asked for, once each while they fit its cache', () => {
    const pack = PackFile.open(file, counted);
    expect(reads).toEqual([`0+${PACK_WINDOW_BYTES}`]); // the header's window, with the size
    pack.bytes(PACK_WINDOW_BYTES * 3 + 1, PACK_WINDOW_BYTES * 3 + 100);
    pack.bytes(PACK_WINDOW_BYTES * 3 + 200, PACK_WINDOW_BYTES * 3 + 300);
    pack.bytes(5, 50);
    expect(reads).toEqual([`0+${PACK_WINDOW_BYTES}`, `${PACK_WINDOW_BYTES * 3}+${PACK_WINDOW_BYTES}`]);
  });

  it('keeps no more windows than its cache holds, dropping the least recently used', () => {
    const pack = PackFile.open(file, counted, PACK_WINDOW_BYTES * 2);
    pack.bytes(PACK_WINDOW_BYTES + 1, PACK_WINDOW_BYTES + 2); // windows 0 and 1 kept
    pack.bytes(1, 2); // 0 used last
    pack.bytes(PACK_WINDOW_BYTES * 2 + 1, PACK_WINDOW_BYTES * 2 + 2); // 2 in, 1 out
    reads = [];
    pack.bytes(1, 2);
    expect(reads).toEqual([]);
    pack.bytes(PACK_WINDOW_BYTES + 1, PACK_WINDOW_BYTES + 2);
    expect(reads).toEqual([`${PACK_WINDOW_BYTES}+${PACK_WINDOW_BYTES}`]);
  });

  it('refuses a pack that changed size since it was opened, as damage with its name', () => {
    const pack = PackFile.open(file, counted);
    fs.appendFileSync(file, 'more');
    let caught: unknown;
    try {
      pack.bytes(PACK_WINDOW_BYTES * 2, PACK_WINDOW_BYTES * 2 + 10);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(GitObjectError);
    expect((caught as Error).message).toContain('pack-x.pack changed while it was read');
  });
});
