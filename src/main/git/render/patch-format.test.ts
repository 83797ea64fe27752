import { describe, expect, it } from 'vitest';
import { formatCommitHeader, formatGitDate } from './commit-header';
import { MODE_EXECUTABLE, MODE_FILE, MODE_GITLINK, type FileChange } from '../views/file-change';
import { formatFilePatch, isBinary, quotePath } from './patch-format';

const enc = (s: string): Uint8Array => Buffer.from(s, 'utf8');
const OLD = '1'.repeat(40);
const NEW = '2'.repeat(40);

describe('quotePath (git quote_c_style)', () => {
  it.each([
    ['a/plain name.txt', 'a/plain name.txt'],
    ['a/tést', '"a/t\\303\\251st"'],
    ['a/quote"d', '"a/quote\\"d"'],
    ['a/back\\slash', '"a/back\\\\slash"'],
    ['a/tab\there', '"a/tab\\there"'],
    ['a/new\nline', '"a/new\\nline"'],
    ['a/del\x7f', '"a/del\\177"'],
  ])('%j -> %s', (input, expected) => {
    expect(quotePath(input)).toBe(expected);
  });
});

describe('formatFilePatch', () => {
  it('writes count-1 ranges without a count and finds the function line above a hunk', () => {
    const before = 'int main() {\n  a;\n  b;\n  c;\n  d;\n  e;\n}\n';
    const change: FileChange = { path: 'm.c', old: { oid: OLD, mode: MODE_FILE }, new: { oid: NEW, mode: MODE_FILE } };
    const text = formatFilePatch(change, { old: enc(before), new: enc(before.replace('  e;', '  E;')) });
    expect(text).toBe(
      'diff --git a/m.c b/m.c\nindex 1111111..2222222 100644\n--- a/m.c\n+++ b/m.c\n' +
        '@@ -3,5 +3,5 @@ int main() {\n   b;\n   c;\n   d;\n-  e;\n+  E;\n }\n',
    );
  });

  it('shows a submodule change as git does', () => {
    const change: FileChange = { path: 'sub', old: { oid: OLD, mode: MODE_GITLINK }, new: { oid: NEW, mode: MODE_GITLINK } };
    expect(formatFilePatch(change, { old: null, new: null })).toBe(
      `diff --git a/sub b/sub\nindex 1111111..2222222 160000\n--- a/sub\n+++ b/sub\n@@ -1 +1 @@\n-Subproject commit ${OLD}\n+Subproject commit ${NEW}\n`,
    );
  });

  it('shows a file too large to keep as binary', () => {
    const change: FileChange = { path: 'huge.log', old: { oid: OLD, mode: MODE_FILE }, new: { oid: NEW, mode: MODE_EXECUTABLE, bytes: null } };
    expect(formatFilePatch(change, { old: enc('x\n'), new: null, tooLarge: true })).toBe(
      'diff --git a/huge.log b/huge.log\nold mode 100644\nnew mode 100755\nindex 1111111..2222222\nBinary files a/huge.log and b/huge.log differ\n',
    );
  });

  it('calls content binary on a NUL in the first 8000 bytes only', () => {
    expect(isBinary(enc('text\0more'))).toBe(true);
    expect(isBinary(Buffer.concat([Buffer.alloc(8000, 0x61), Buffer.from([0])]))).toBe(false);
  });
});

describe('commit headers', () => {
  it('formats dates in the author time zone like git', () => {
    expect(formatGitDate(1112902993, -150)).toBe('Thu Apr 7 22:13:13 2005 +0230');
    expect(formatGitDate(1112902993, 420)).toBe('Thu Apr 7 12:43:13 2005 -0700');
  });

  it('indents the message, keeps inner blank lines and expands tabs', () => {
    const header = formatCommitHeader({
      oid: OLD,
      tree: NEW,
      parents: [NEW, OLD],
      message: '\nSubject  \n\n\tbody\n\n',
      author: { name: 'A', email: 'a@x', timestamp: 0, timezoneOffset: 0 },
      committerTime: 0,
    });
    expect(header).toBe(
      `commit ${OLD}\nMerge: 2222222 1111111\nAuthor: A <a@x>\nDate:   Thu Jan 1 00:00:00 1970 +0000\n\n    Subject\n    \n            body\n`,
    );
  });
});
