import { describe, expect, it } from 'vitest';
import { isSafeRepoPath } from './file-change';

/** The rule as the docs state it, part by part: what the one-pass check must agree with. */
function byParts(p: string): boolean {
  if (p === '' || p.startsWith('/') || p.includes('\0')) return false;
  if (process.platform === 'win32' && p.includes('\\')) return false;
  return p.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git');
}

describe('isSafeRepoPath', () => {
  it('accepts ordinary paths, dotted names and names that only look like .git', () => {
    for (const p of ['a', 'src/main.ts', '.github/workflows/ci.yml', '.gitignore', 'a/.gitx', 'a/x.git', '...', 'a/..b', '.g/it', 'docs/日本語/メモ.md', '한국어/파일.txt', 'gİt/.gİt']) {
      expect(isSafeRepoPath(p), p).toBe(true);
    }
  });

  it('refuses empty, absolute, `.`, `..` and `.git` parts in any case, and NUL', () => {
    for (const p of ['', '/etc/passwd', 'a//b', 'a/', './a', 'a/./b', '../a', 'a/../b', 'a/..', '.git/config', 'sub/.GIT/hooks/x', 'a/.Git', 'a\0b']) {
      expect(isSafeRepoPath(p), JSON.stringify(p)).toBe(false);
    }
  });

  it('agrees with the part-by-part rule on 20,000 random paths made of the parts that matter', () => {
    let seed = 12345;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const parts = ['', '.', '..', '...', '.git', '.GiT', '.gİt', '.gi', 'git', '.g.t', 'a', 'ä', 'a\\..', 'x\0y', '.gitx'];
    for (let k = 0; k < 20_000; k++) {
      const picked: string[] = [];
      const len = 1 + Math.floor(next() * 4);
      for (let c = 0; c < len; c++) picked.push(parts[Math.floor(next() * parts.length)] as string);
      const p = picked.join('/');
      expect(isSafeRepoPath(p), JSON.stringify(p)).toBe(byParts(p));
    }
  });
});
