/**
 * Working-tree files too large to compare (issue 26, finding 7). git calls content binary only by a
 * NUL in its first 8000 bytes, whatever the size: a large binary file is "Binary files ... differ",
 * as git prints it; a large text file is text, which Atmark cannot compare past 8 MiB, so the
 * reference is refused as `too_large` with a line range of the file that fits one reference.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { makeRepo, type TestRepo } from '../../../test-support/git';
import { MAX_DIFF_FILE_BYTES } from './views/worktree-changes';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

/** About `bytes` of numbered text lines. */
function textOf(bytes: number, tag: string): string {
  const line = (i: number): string => `${tag} line ${i} of a large text file that nobody should attach whole\n`;
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    lines.push(line(i));
    size += line(i).length;
  }
  return lines.join('');
}

describe('files over the compare limit in @diff', () => {
  it('a large text file is too_large, and the range the sentence offers attaches', async () => {
    repo = makeRepo();
    repo.write('big notes.txt', textOf(MAX_DIFF_FILE_BYTES + 1024, 'old'));
    repo.commitAll('big');
    repo.write('big notes.txt', textOf(MAX_DIFF_FILE_BYTES + 1024, 'new'));
    expect(repo.git(['diff', '--stat'])).not.toContain('Bin');
    const engine = createEngine({ workspace: repo.dir });
    const result = await engine.expand('@diff', { fresh: true });
    const ref = result.references[0];
    expect(ref?.status).toBe('too_large');
    const message = ref?.warnings.map((w) => w.message).join(' ') ?? '';
    expect(message).not.toMatch(/binary/i);
    const offered = /@file:("big notes\.txt":1-\d+)/.exec(message);
    expect(offered, message).not.toBeNull();
    const attached = await engine.expand(`@file:${offered?.[1]}`, { fresh: true });
    expect(attached.references[0]?.status).toBe('attached');
  });

  it('a large binary file (a NUL in its first 8000 bytes) is "Binary files differ", byte for byte with git', async () => {
    repo = makeRepo();
    const binary = (fill: number): Buffer => {
      const b = Buffer.alloc(MAX_DIFF_FILE_BYTES + 1024, fill);
      b[100] = 0;
      return b;
    };
    repo.write('big.bin', binary(0x41));
    repo.commitAll('big');
    repo.write('big.bin', binary(0x42));
    const result = await createEngine({ workspace: repo.dir }).expand('@diff', { fresh: true });
    expect(result.references[0]?.status).toBe('attached');
    expect(result.message).toContain(repo.git(['diff']));
    expect(result.message).toContain('Binary files a/big.bin and b/big.bin differ');
  });
});
