import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildO200kRankFile } from './build-rank-file';
import { loadO200kCounter, loadO200kRanks, O200K_RANK_FILE, o200kTiktokenPath } from './o200k';
import { rankArraysOf, writeRankFile } from './rank-file';
import { parseTiktoken, rankTable } from './rank-table';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'atmark-ranks-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tiktoken = (lines: string[]): Uint8Array => new TextEncoder().encode(lines.map((l) => `${l}\n`).join(''));
const b64 = (s: string): string => Buffer.from(s).toString('base64');

describe('parseTiktoken', () => {
  it('reads base64 tokens and their ranks, and finds each by its bytes', () => {
    const table = rankTable(parseTiktoken(tiktoken([`${b64('a')} 0`, `${b64('b')} 1`, `${b64('ab')} 2`, `${b64('日本')} 3`])));
    const bytes = new TextEncoder().encode('xab日本');
    expect(table.size).toBe(4);
    expect(table.rankOf(bytes, 1, 2)).toBe(0);
    expect(table.rankOf(bytes, 1, 3)).toBe(2);
    expect(table.rankOf(bytes, 3, 9)).toBe(3);
    expect(table.rankOf(bytes, 0, 1)).toBe(-1);
    expect(table.rankOf(bytes, 0, 3)).toBe(-1);
  });

  it('refuses a line that is not base64 followed by its rank, naming the line', () => {
    expect(() => parseTiktoken(tiktoken([`${b64('a')} 0`, `${b64('b')} 5`]))).toThrow(/line 2 does not hold rank 1/);
    expect(() => parseTiktoken(tiktoken([`${b64('a')} 0`, 'not*base64 1']))).toThrow(/line 2 is not base64/);
    expect(() => parseTiktoken(tiktoken([`${b64('a')} zero`]))).toThrow(/line 1 is not base64/);
  });

  it('reads all of gpt-tokenizer’s o200k ranks', () => {
    const table = rankTable(parseTiktoken(readFileSync(o200kTiktokenPath())));
    expect(table.size).toBe(199_998);
    const hello = new TextEncoder().encode('hello');
    expect(table.rankOf(hello, 0, hello.length)).toBe(24_912);
  });
});

describe('the prebuilt rank file', () => {
  it('gives back the arrays it was written from', () => {
    const arrays = parseTiktoken(tiktoken([`${b64('a')} 0`, `${b64('bc')} 1`, `${b64('한')} 2`]));
    const file = path.join(dir, 'x.ranks');
    writeRankFile(file, arrays, 1234);
    const back = rankArraysOf(readFileSync(file), 1234);
    expect(back && [...back.bytes]).toEqual([...arrays.bytes]);
    expect(back && [...back.starts]).toEqual([...arrays.starts]);
    expect(back && [...back.slots]).toEqual([...arrays.slots]);
  });

  it('is not used when made from another .tiktoken file, cut short, or not a rank file', () => {
    const arrays = parseTiktoken(tiktoken([`${b64('a')} 0`, `${b64('bc')} 1`]));
    const file = path.join(dir, 'x.ranks');
    writeRankFile(file, arrays, 99);
    const data = readFileSync(file);
    expect(rankArraysOf(data, 99)).not.toBeNull();
    expect(rankArraysOf(data, 100)).toBeNull();
    expect(rankArraysOf(data.subarray(0, data.length - 1), 99)).toBeNull();
    expect(rankArraysOf(new TextEncoder().encode('hello, this is not a rank file'), 99)).toBeNull();
    expect(rankArraysOf(new Uint8Array(0), 99)).toBeNull();
  });

  it('is what the loader reads when it matches the installed ranks', async () => {
    // A rank file that claims to come from the installed .tiktoken file but holds a tiny
    // vocabulary: if the loader reads it, "hello" is five tokens (o200k: one) and " ab" two.
    const tiny = parseTiktoken(tiktoken([`${b64('a')} 0`, `${b64('b')} 1`, `${b64(' ')} 2`, `${b64('ab')} 3`]));
    writeRankFile(path.join(dir, O200K_RANK_FILE), tiny, statSync(o200kTiktokenPath()).size);
    const count = await loadO200kCounter([dir]);
    expect(count('hello')).toBe(5);
    expect(count('ab ab')).toBe(3);
  });

  it('built for real, gives the same counts as parsing the .tiktoken file', async () => {
    buildO200kRankFile(dir);
    const fromFile = await loadO200kRanks([dir]);
    const parsed = parseTiktoken(readFileSync(o200kTiktokenPath()));
    expect(fromFile.bytes.length).toBe(parsed.bytes.length);
    expect(Buffer.from(fromFile.slots.buffer, fromFile.slots.byteOffset, fromFile.slots.byteLength).equals(Buffer.from(parsed.slots.buffer, parsed.slots.byteOffset, parsed.slots.byteLength))).toBe(true);
    const viaFile = await loadO200kCounter([dir]);
    const viaParse = await loadO200kCounter([path.join(dir, 'nothing-here')]);
    const text = readFileSync('README.ja.md', 'utf8');
    expect(viaFile(text)).toBe(viaParse(text));
  });

  it('falls back to parsing when the rank file is stale', async () => {
    writeFileSync(path.join(dir, O200K_RANK_FILE), 'stale');
    const count = await loadO200kCounter([dir]);
    expect(count('hello world')).toBe(2);
  });
});
