import { realpathSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { walkFolder } from '../resolvers/fs/folder-walk';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { createWorkspaceIndex } from './workspace-index';

/**
 * Completion (the workspace index) and `@folder` listings read git's ignore rules through one
 * module (ignore-rules.ts). On a real tree with nested `.gitignore` files, negations, anchored and
 * folder-only patterns and `.git/info/exclude`, both list exactly the files native git does not
 * ignore (`git ls-files --others --exclude-standard`, nothing tracked, no global excludes).
 */
let ws: TempWorkspace;
afterEach(() => ws?.cleanup());

function tree(): TempWorkspace {
  ws = makeWorkspace({ git: true });
  ws.write('.gitignore', '*.log\nbuild/\n/top-only.txt\ntmp*\n!tmp-keep.txt\n');
  ws.write('.git/info/exclude', 'secret-notes/\n*.bak\n');
  const files = [
    'README.md', 'app.log', 'top-only.txt', 'src/top-only.txt', 'build/out.js', 'src/build/out.js', 'tmp1.txt', 'tmp-keep.txt',
    'src/main.ts', 'src/debug.log', 'src/old.bak', 'secret-notes/a.md', 'docs/guide.md', 'docs/draft/x.md',
    'pkg/lib/index.ts', 'pkg/lib/gen/code.ts', 'pkg/lib/gen/keep.ts', 'pkg/lib/notes.txt', 'pkg/vendor/v.js', 'pkg/vendor/important.log',
  ];
  for (const f of files) ws.write(f, `${f}\n`);
  ws.write('docs/.gitignore', 'draft/\n');
  ws.write('pkg/.gitignore', 'vendor/*\n!vendor/important.log\n');
  ws.write('pkg/lib/.gitignore', 'gen/*\n!gen/keep.ts\n*.txt\n');
  return ws;
}

function gitVisible(w: TempWorkspace): string[] {
  return w.git('ls-files', '--others', '--exclude-standard', '-z').split('\0').filter(Boolean).sort();
}

async function indexFiles(root: string): Promise<string[]> {
  const index = createWorkspaceIndex(root, { watch: false });
  try {
    expect(await index.whenReady()).toBe('ready');
    const t = index.snapshot();
    return Array.from({ length: t.count }, (_, i) => t.entry(i)).filter((e) => e.kind === 'file').map((e) => e.path).sort();
  } finally {
    index.close();
  }
}

async function folderFiles(root: string, folderRel = ''): Promise<string[]> {
  const real = realpathSync(root);
  const result = await walkFolder({
    folder: folderRel ? `${real}/${folderRel}` : real,
    policy: { workspaceRoot: real, grants: new Set(), home: '/nonexistent-home' },
    maxEntries: 10_000,
    signal: new AbortController().signal,
  });
  if (!result.ok) throw new Error(`walk failed: ${result.reason}`);
  return result.entries.filter((e) => e.type === 'file').map((e) => (folderRel ? `${folderRel}/${e.rel}` : e.rel)).sort();
}

describe('completion and @folder agree on ignored files', () => {
  it('lists what git does not ignore, both of them, over the whole tree', async () => {
    const w = tree();
    const expected = gitVisible(w);
    expect(expected).toContain('pkg/lib/gen/keep.ts'); // the tree does exercise negations
    expect(expected).not.toContain('pkg/lib/notes.txt');
    expect(await indexFiles(w.root)).toEqual(expected);
    expect(await folderFiles(w.root)).toEqual(expected);
  });

  it('agrees inside a subfolder too (rules of the folders above it apply)', async () => {
    const w = tree();
    const expected = gitVisible(w).filter((f) => f.startsWith('pkg/'));
    expect(await folderFiles(w.root, 'pkg')).toEqual(expected);
    expect((await indexFiles(w.root)).filter((f) => f.startsWith('pkg/'))).toEqual(expected);
  });
});
