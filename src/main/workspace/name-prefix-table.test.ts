import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test-support/prng';
import { TableBuilder, type EntryTable } from './entry-table';
import { namePrefixOrder, namePrefixRange } from './name-prefix-table';
import { namePrefixTop } from './prefix-matches';
import { better, insert, parse, passesMasks, queryBonus, scoreEntry, type Ranked } from './ranking';

/** Characters the random names draw from: both cases, digits, the separators, non-ASCII (with and without case, and the Kelvin sign, which lower-cases to `k`), and code units past 126. */
const ALPHABET = ['a', 'b', 'A', 'B', 'c', 'C', 'k', '.', '-', '_', '1', '9', '~', 'é', 'É', '議', 'ß', '\u212a', ' '];

function randomTable(seed: number, count: number): EntryTable {
  const rnd = seededRandom(seed);
  const pick = (): string => ALPHABET[Math.floor(rnd() * ALPHABET.length)] as string;
  const name = (): string => Array.from({ length: Math.floor(rnd() * 6) }, pick).join('') || 'x';
  const paths = new Set<string>();
  while (paths.size < count) {
    const depth = Math.floor(rnd() * 3);
    paths.add([...Array.from({ length: depth }, name), name()].join('/'));
  }
  const builder = new TableBuilder();
  for (const p of paths) builder.push(p, rnd() < 0.8 ? 'file' : 'folder', 1, true);
  return builder.build(1, (p) => p.includes('9'));
}

/** The plain scan the table replaces: every entry whose basename starts with the term, ranked as the searches rank. */
function scanTop(t: EntryTable, text: string, limit: number): Ranked[] {
  const p = parse(text, undefined);
  const term = p.terms[0] as string;
  const top: Ranked[] = [];
  for (let i = 0; i < t.count; i++) {
    const hay = t.haystack(p.sensitive);
    const from = t.baseStart[i] as number;
    // Lower-cased as the table's copy is (or ASCII letters folded when it keeps none).
    const base = p.sensitive ? t.path(i).slice(from - (t.start[i] as number)) : (t.lower === null ? hay.slice(from, t.end(i)).toLowerCase() : hay.slice(from, t.end(i)));
    const starts = base.startsWith(term);
    if (!starts || !passesMasks(t, i, p, null) || !t.isVisible(i)) continue;
    insert(t, top, { i, s: scoreEntry(t, i, p, queryBonus(t, i, p)) }, limit);
  }
  return top;
}

describe('the name-prefix table', () => {
  it('orders every entry once, by the first four characters of its basename', () => {
    const t = randomTable(7, 600);
    const order = namePrefixOrder(t);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: t.count }, (_, i) => i));
  });

  it('gives a range holding every basename that starts with the term, in either case, any length', () => {
    for (const seed of [1, 2, 3]) {
      const t = randomTable(seed, 800);
      const rnd = seededRandom(seed + 100);
      for (let q = 0; q < 60; q++) {
        const term = Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => ALPHABET[Math.floor(rnd() * ALPHABET.length)] as string).join('');
        const { order, from, to } = namePrefixRange(t, term.toLowerCase());
        const inRange = new Set(order.subarray(from, to));
        for (let i = 0; i < t.count; i++) {
          const base = t.path(i).slice(t.path(i).lastIndexOf('/') + 1);
          if (base.toLowerCase().startsWith(term.toLowerCase()) || base.startsWith(term)) expect(inRange.has(i), `${term}: ${t.path(i)}`).toBe(true);
        }
      }
    }
  });

  it('ranks the prefixed entries as a plain scan does, scores and ties included, case-smart', () => {
    for (const seed of [4, 5, 6]) {
      const t = randomTable(seed, 1500);
      const rnd = seededRandom(seed + 200);
      for (let q = 0; q < 80; q++) {
        const text = Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => ALPHABET[Math.floor(rnd() * 12)] as string).join('').replace(/[ /]/g, '') || 'a';
        const limit = 1 + Math.floor(rnd() * 30);
        const p = parse(text, undefined);
        if (p.terms.length !== 1) continue;
        const got = namePrefixTop(t, null, p, limit);
        const wanted = scanTop(t, text, limit);
        expect(got.map((r) => [t.path(r.i), r.s]), text).toEqual(wanted.map((r) => [t.path(r.i), r.s]));
        for (let k = 1; k < got.length; k++) expect(better(t, (got[k] as Ranked).i, (got[k] as Ranked).s, (got[k - 1] as Ranked).i, (got[k - 1] as Ranked).s)).toBe(false);
      }
    }
  });
});
