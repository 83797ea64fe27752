import { afterEach, describe, expect, it } from 'vitest';
import type { Resolution } from '../../resolve';
import { gitRef, makeContext, repoPool } from '../../../../test-support/git';
import { diffResolver } from '../../resolvers/diff';
import { logResolver } from '../../resolvers/log';
import { stagedResolver } from '../../resolvers/staged';

const repos = repoPool();
afterEach(() => repos.cleanup());

const text = (r: Resolution): string => {
  if (!r.ok) throw new Error(`expected a patch, got ${r.code}: ${r.message}`);
  return r.text;
};

/**
 * Rendered patches are kept by content (patch-cache.ts): with the same engine caches, every later
 * read must still equal native git, as the working tree, the index and the history change under it.
 */
describe('patches kept between reads', () => {
  it('follow every change of the working tree, the index and the history, byte for byte with git', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `行 ${i}`);
    const repo = repos.with({ 'a.txt': lines.join('\n') + '\n', 'b.txt': 'b\n' });
    const context = makeContext(repo.dir); // one set of caches for every read below
    const diff = async () => text(await diffResolver.resolve(gitRef('diff'), context));
    const staged = async () => text(await stagedResolver.resolve(gitRef('staged'), context));
    const log = async () => text(await logResolver.resolve(gitRef('git', 2), context));

    lines[3] = '行 3 changed';
    repo.write('a.txt', lines.join('\n') + '\n');
    expect(await diff()).toBe(repo.git(['diff']));
    expect(await diff()).toBe(repo.git(['diff'])); // read again: from the cache, the same bytes

    // The same file changed again, same size: a new patch, not the kept one.
    lines[3] = '行 3 chaNged';
    repo.write('a.txt', lines.join('\n') + '\n');
    expect(await diff()).toBe(repo.git(['diff']));

    // Staged, then changed once more: @staged and @diff each follow.
    repo.git(['add', 'a.txt']);
    lines[20] = '行 20 changed';
    repo.write('a.txt', lines.join('\n') + '\n');
    expect(await staged()).toBe(repo.git(['diff', '--staged', '-M']));
    expect(await diff()).toBe(repo.git(['diff']));

    // Committed, and a rename on top: the log shows both commits as git does.
    repo.commitAll('change a');
    repo.git(['mv', 'b.txt', 'c.txt']);
    repo.commitAll('rename b');
    const ours = await log();
    expect(ours).toBe(repo.git(['log', '-2', '-p', '-M']));
    expect(await log()).toBe(ours);
  });
});
