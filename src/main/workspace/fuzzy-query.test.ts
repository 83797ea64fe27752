import { describe, expect, it } from 'vitest';
import { EntryStore, type WorkspaceEntry } from './entry-store';
import { query } from './fuzzy-query';

/** A store of files plus their folders, as an index would list them. */
function storeOf(files: string[], hidden: (p: string) => boolean = () => false): EntryStore {
  const entries = new Map<string, WorkspaceEntry>();
  for (const f of files) {
    entries.set(f, { path: f, kind: 'file', size: f.length });
    for (let cut = f.lastIndexOf('/'); cut > 0; cut = f.lastIndexOf('/', cut - 1)) {
      entries.set(f.slice(0, cut), { path: f.slice(0, cut), kind: 'folder', size: -1 });
    }
  }
  const store = new EntryStore(hidden);
  store.replaceAll(entries.values());
  return store;
}

// A slice of a realistic monorepo with look-alikes for every query below.
const FILES = [
  'package.json', 'README.md', 'tsconfig.json', 'tsconfig.base.json', '.github/workflows/ci.yml',
  'packages/editor/package.json', 'packages/editor/README.md', 'packages/ui/package.json',
  'packages/editor/src/components/Composer.tsx', 'packages/editor/src/components/ComposerToolbar.tsx',
  'packages/editor/src/components/composer.test.tsx', 'packages/ui/src/components/Compass.tsx',
  'packages/editor/src/hooks/useCompletion.ts', 'packages/editor/src/hooks/useCompletionList.ts',
  'packages/editor/src/hooks/useComposer.ts', 'packages/ui/src/hooks/useColorScheme.ts',
  'packages/auth/src/services/AuthService.ts', 'packages/auth/src/services/AuthServiceProvider.tsx',
  'packages/auth/src/session/authStore.ts', 'packages/core/src/git/git-index.ts', 'packages/core/src/git/git-log.ts',
  'packages/core/src/index.ts', 'packages/ui/src/components/Button/index.ts', 'packages/ui/src/components/Button/Button.tsx',
  'packages/ui/src/components/Button/Button.stories.tsx', 'packages/ui/src/components/Badge/Badge.stories.tsx',
  'apps/web/src/app/api/users/route.ts', 'apps/web/src/app/api/sessions/route.ts', 'apps/web/src/app/users/page.tsx',
  'apps/api/src/routes/users.ts', 'packages/search/src/fuzzy/fuzzyMatch.ts', 'packages/search/src/fuzzy/fuzzyMatch.test.ts',
  'packages/db/migrations/0041_add_sessions.sql', 'packages/db/migrations/0042_add_user_index.sql',
];

const top = (store: EntryStore, text: string, kinds?: Array<'file' | 'folder'>): string | undefined =>
  query(store, text, { limit: 10, kinds })[0]?.path;

describe('query ranking', () => {
  const store = storeOf(FILES);
  const cases: Array<[string, string]> = [
    ['composer', 'packages/editor/src/components/Composer.tsx'],
    ['Composer.tsx', 'packages/editor/src/components/Composer.tsx'],
    ['usecompl', 'packages/editor/src/hooks/useCompletion.ts'],
    ['authserv', 'packages/auth/src/services/AuthService.ts'],
    ['git-index', 'packages/core/src/git/git-index.ts'],
    ['gitidx', 'packages/core/src/git/git-index.ts'],
    ['package.json', 'package.json'],
    ['readme', 'README.md'],
    ['tsconfig.base', 'tsconfig.base.json'],
    ['ci.yml', '.github/workflows/ci.yml'],
    ['fuzzymatch', 'packages/search/src/fuzzy/fuzzyMatch.ts'],
    ['mig0042', 'packages/db/migrations/0042_add_user_index.sql'],
    ['button.stor', 'packages/ui/src/components/Button/Button.stories.tsx'],
  ];
  it.each(cases)('%s ranks %s first', (text, intended) => {
    expect(top(store, text, ['file'])).toBe(intended);
  });

  it('matches path segments with /', () => {
    expect(top(store, 'web/users/route', ['file'])).toBe('apps/web/src/app/api/users/route.ts');
    expect(top(store, 'ui/button/index', ['file'])).toBe('packages/ui/src/components/Button/index.ts');
    expect(top(store, 'core/index', ['file'])).toBe('packages/core/src/index.ts');
  });

  it('puts an exact basename first, shortest path first among equals', () => {
    const names = query(store, 'package.json', { kinds: ['file'] }).map((m) => m.path);
    expect(names.slice(0, 3)).toEqual(['package.json', 'packages/ui/package.json', 'packages/editor/package.json']);
  });

  it('offers folders, and filters by kind', () => {
    expect(top(store, 'hooks', ['folder'])).toBe('packages/ui/src/hooks');
    expect(query(store, 'hooks', { kinds: ['folder'] }).every((m) => m.kind === 'folder')).toBe(true);
    expect(query(store, 'hooks', { kinds: ['file'] }).every((m) => m.kind === 'file')).toBe(true);
  });

  it('is case-smart: lower case ignores case, upper case must match', () => {
    expect(top(store, 'button', ['file'])).toBe('packages/ui/src/components/Button/Button.tsx');
    expect(query(store, 'BUTTON')).toEqual([]);
  });

  it('ignores case of letters beyond ASCII too (the table then keeps a lower-cased copy)', () => {
    const accented = storeOf(['docs/Über.md', 'src/ÉCOLE.ts', 'src/ecole.ts', 'lib/Straße.ts']);
    expect(accented.snapshot().lower).not.toBeNull();
    expect(top(accented, 'über')).toBe('docs/Über.md');
    expect(top(accented, 'école')).toBe('src/ÉCOLE.ts');
    expect(top(accented, 'straße')).toBe('lib/Straße.ts');
    // Caseless characters beyond ASCII need no copy: ASCII letters are folded as they are compared.
    const caseless = storeOf(['docs/設計/Readme.md', 'src/a_b.ts', 'src/a\x7fb.ts']);
    expect(caseless.snapshot().lower).toBeNull();
    expect(top(caseless, '設計/readme')).toBe('docs/設計/Readme.md');
    expect(top(caseless, 'readme')).toBe('docs/設計/Readme.md');
    expect(query(caseless, 'a_b').map((m) => m.path)).toEqual(['src/a_b.ts']);
  });

  it('requires every space-separated term', () => {
    expect(top(store, 'editor hook list', ['file'])).toBe('packages/editor/src/hooks/useCompletionList.ts');
    expect(query(store, 'editor zzz')).toEqual([]);
  });
});

describe('query results', () => {
  it('returns highlight ranges over the matched characters', () => {
    const [m] = query(storeOf(FILES), 'git-index', { limit: 1 });
    expect(m?.path).toBe('packages/core/src/git/git-index.ts');
    expect(m?.ranges).toEqual([22, 31]);
    expect(m?.path.slice(22, 31)).toBe('git-index');
  });

  it('returns the ranges of several terms in path order, whatever the order of the terms', () => {
    const [m] = query(storeOf(FILES), 'git-index core', { limit: 1 });
    expect(m?.path).toBe('packages/core/src/git/git-index.ts');
    expect(m?.ranges).toEqual([9, 13, 22, 31]);
    const [one] = query(storeOf(FILES), 'git-index', { limit: 1 });
    expect(one?.ranges).toEqual([22, 31]);
  });

  it('gives the same answers when narrowing as when asked cold', () => {
    const store = storeOf(FILES);
    const typed = ['c', 'co', 'com', 'comp', 'compo'].map((t) => query(store, t, { limit: 5 }).map((m) => m.path));
    const cold = ['c', 'co', 'com', 'comp', 'compo'].map((t) => query(store.snapshot(), t, { limit: 5 }).map((m) => m.path));
    expect(typed).toEqual(cold);
  });

  it('answers from a new snapshot after the store changes', () => {
    const store = storeOf(FILES);
    expect(top(store, 'newfile')).toBeUndefined();
    store.set({ path: 'src/newFile.ts', kind: 'file', size: 3 });
    expect(top(store, 'newfile')).toBe('src/newFile.ts');
  });

  it('never returns hidden entries, however well they match', () => {
    const store = storeOf(['app/.env', 'app/env.ts', 'config/.aws/credentials'], (p) => p.endsWith('.env') || p.includes('.aws'));
    expect(query(store, 'env').map((m) => m.path)).toEqual(['app/env.ts']);
    expect(query(store, 'credentials')).toEqual([]);
  });

  it('returns nothing for an empty query and honours the limit', () => {
    const store = storeOf(FILES);
    expect(query(store, '   ')).toEqual([]);
    expect(query(store, 's', { limit: 3 })).toHaveLength(3);
  });
});
