import { afterEach, describe, expect, it } from 'vitest';
import type { CompletionItem } from '../../shared/api/contract';
import { makeArea, type TempArea } from '../../../test-support/fs';
import { completionDetails, type GitMarksOf } from './completion-details';

let area: TempArea | undefined;
afterEach(async () => area?.cleanup());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const row = (path: string, size: number | null): CompletionItem => ({ type: 'path', kind: 'file', path, size });
const noMarks: GitMarksOf = async (items) => items.map(() => []);

describe('completion row details', () => {
  it('tell binary files from text, outside a repository with no git marks', async () => {
    area = await makeArea();
    await area.write('logo.ico', PNG);
    await area.write('メモ.md', '# メモ\n');
    const rows = await completionDetails(area.root, noMarks).fill([row('logo.ico', PNG.length), row('メモ.md', null)]);
    expect(rows).toEqual([row('logo.ico', PNG.length), row('メモ.md', null)].map((r, i) => (i === 0 ? { ...r, binary: true } : r)));
  });

  it('are kept per path and size while typing: a file is peeked at again once its size changes', async () => {
    area = await makeArea();
    await area.write('data.log', 'plain text, twelve');
    const details = completionDetails(area.root, noMarks);
    const size = 'plain text, twelve'.length;
    expect(await details.fill([row('data.log', size)])).toEqual([row('data.log', size)]);
    // Same size, now binary: the kept verdict answers (a hint; attaching judges the file again).
    await area.write('data.log', Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]));
    expect(await details.fill([row('data.log', size)])).toEqual([row('data.log', size)]);
    // The index reports a new size: the file is read again.
    await area.write('data.log', Buffer.concat([PNG, Buffer.alloc(40)]));
    expect(await details.fill([row('data.log', PNG.length + 40)])).toEqual([{ ...row('data.log', PNG.length + 40), binary: true }]);
  });

  it('put each path\'s marks on its own row, and give rows without marks when the marks fail', async () => {
    area = await makeArea();
    await area.write('a.md', 'a');
    await area.write('b.md', 'b');
    const asked: Array<Array<[string, 'file' | 'folder']>> = [];
    const marks: GitMarksOf = async (items) => {
      asked.push(items);
      return items.map(([p]) => (p === 'b.md' ? ['modified', 'staged'] : []));
    };
    const folder: CompletionItem = { type: 'path', kind: 'folder', path: 'docs', size: null };
    const commit: CompletionItem = { type: 'commit', count: 1, subject: 'Start', shortId: 'abc1234' };
    expect(await completionDetails(area.root, marks).fill([commit, row('a.md', 1), row('b.md', 1), folder])).toEqual([commit, row('a.md', 1), { ...row('b.md', 1), git: ['modified', 'staged'] }, folder]);
    expect(asked).toEqual([[['a.md', 'file'], ['b.md', 'file'], ['docs', 'folder']]]);
    const failing: GitMarksOf = async () => {
      throw new Error('the index worker stopped');
    };
    expect(await completionDetails(area.root, failing).fill([row('b.md', 1)])).toEqual([row('b.md', 1)]);
  });
});
