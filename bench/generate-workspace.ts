/**
 * Generates a realistic 120,000-file monorepo for the workspace bench, committed into git so that
 * `git ls-files` has something to list. Deterministic (seeded) and cached under `bench/.work/`: a
 * second call finds the marker file and returns at once.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../test-support/prng';
import { writeGitIndex } from './write-git-index';

/** A bench query and the file it must rank first. */
export interface BenchQuery {
  text: string;
  intended: string;
}

/**
 * Queries a person would type for files planted in the workspace. The generator fills the rest of
 * the tree with look-alikes (`useCompletionList.ts`, `AuthServiceProvider.ts`, many `route.ts`) so
 * each query has competitors.
 */
export const BENCH_QUERIES: readonly BenchQuery[] = [
  { text: 'Composer.tsx', intended: 'packages/editor/src/components/Composer.tsx' },
  { text: 'usecompl', intended: 'packages/editor/src/hooks/useCompletion.ts' },
  { text: 'git-index', intended: 'packages/core/src/git/git-index.ts' },
  { text: 'package.json', intended: 'package.json' },
  { text: 'readme', intended: 'README.md' },
  { text: 'authserv', intended: 'packages/auth/src/services/AuthService.ts' },
  { text: 'web/users/route', intended: 'apps/web/src/app/api/users/route.ts' },
  { text: 'tsconfig.base', intended: 'tsconfig.base.json' },
  { text: 'SettingsPanel', intended: 'packages/ui/src/panels/SettingsPanel.tsx' },
  { text: 'fuzzymatch', intended: 'packages/search/src/fuzzy/fuzzyMatch.ts' },
  { text: 'ci.yml', intended: '.github/workflows/ci.yml' },
  { text: 'mig0042', intended: 'packages/db/migrations/0042_add_user_index.sql' },
  { text: 'button.stor', intended: 'packages/ui/src/components/Button/Button.stories.tsx' },
  { text: 'ui/button/index', intended: 'packages/ui/src/components/Button/index.ts' },
  { text: 'dockerfile', intended: 'infra/docker/Dockerfile' },
  { text: 'release.yml', intended: '.github/workflows/release.yml' },
  { text: 'tokenmeter', intended: 'packages/editor/src/components/TokenMeter.tsx' },
  { text: 'desktop/sessions/page', intended: 'apps/desktop/src/app/sessions/page.tsx' },
  { text: 'i18n/ja.json', intended: 'packages/i18n/src/locales/ja.json' },
  { text: 'billing readme', intended: 'packages/billing/README.md' },
];

const FILE_COUNT = 120_000;
const VERSION = 'atmark-bench-workspace v5';

const PACKAGES = ['editor', 'core', 'auth', 'ui', 'search', 'db', 'api-client', 'billing', 'analytics',
  'notifications', 'settings', 'i18n', 'telemetry', 'payments', 'storage', 'sync', 'workers', 'cli',
  'docs-site', 'design-tokens', 'forms', 'charts', 'maps', 'media', 'chat', 'calendar', 'admin', 'reports',
  'scheduler', 'importer', 'exporter', 'webhooks', 'permissions', 'audit', 'feature-flags', 'config'];
const AREAS = ['components', 'hooks', 'utils', 'services', 'store', 'api', 'models', 'views', 'lib',
  'panels', 'features', 'routes', 'adapters', 'selectors', 'reducers', 'middleware', 'types'];
const WORDS = ['User', 'Profile', 'Card', 'List', 'Item', 'Button', 'Modal', 'Settings', 'Composer', 'Panel',
  'Auth', 'Service', 'Completion', 'Search', 'Query', 'Result', 'Table', 'Row', 'Header', 'Footer', 'Menu',
  'Dialog', 'Form', 'Field', 'Input', 'Select', 'Toolbar', 'Editor', 'Preview', 'Chip', 'Meter', 'Token',
  'Session', 'Account', 'Invoice', 'Payment', 'Report', 'Chart', 'Filter', 'Sort', 'Page', 'Layout', 'Nav',
  'Sidebar', 'Tab', 'Badge', 'Avatar', 'Tooltip', 'Popover', 'Index', 'Cache', 'Store', 'Provider',
  'Context', 'Fuzzy', 'Match', 'Git', 'Diff', 'Commit', 'Branch', 'Upload', 'Download', 'File', 'Folder'];
const EXTS = ['ts', 'tsx', 'ts', 'tsx', 'ts', 'css', 'test.ts', 'test.tsx', 'stories.tsx', 'md', 'json'];

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)] as T;
}

function camelName(rnd: () => number, hook: boolean): string {
  const n = 1 + Math.floor(rnd() * 3);
  let name = '';
  for (let i = 0; i < n; i++) name += pick(rnd, WORDS);
  return hook ? `use${name}` : name;
}

/** The planted files plus the fixed top-level files of a monorepo. */
function fixedFiles(): string[] {
  const fixed = ['package.json', 'README.md', 'tsconfig.base.json', 'tsconfig.json', '.gitignore',
    '.github/workflows/ci.yml', '.github/workflows/release.yml', 'infra/docker/Dockerfile', 'LICENSE'];
  for (const q of BENCH_QUERIES) fixed.push(q.intended);
  for (let i = 1; i <= 120; i++) {
    if (i === 42) continue; // planted above
    const words = ['create_users', 'add_user_index', 'add_sessions', 'drop_legacy', 'add_invoices'];
    fixed.push(`packages/db/migrations/${String(i).padStart(4, '0')}_${words[i % words.length]}.sql`);
  }
  return fixed;
}

/** Lower-cased name without extensions: `Button.stories.tsx` -> `button`. */
function stemOf(file: string): string {
  return (file.split('/').pop() as string).toLowerCase().split('.')[0] as string;
}

/** Every tracked path of the workspace, deterministic for the seed. */
export function workspacePaths(count = FILE_COUNT): string[] {
  const rnd = seededRandom(42);
  // Random names never repeat a planted file's name: each bench query has one right answer.
  const reserved = new Set(BENCH_QUERIES.map((q) => stemOf(q.intended)).filter((s) => !['index', 'route', 'package', 'readme'].includes(s)));
  const paths = new Set(fixedFiles());
  for (const pkg of PACKAGES) {
    paths.add(`packages/${pkg}/package.json`);
    paths.add(`packages/${pkg}/README.md`);
    paths.add(`packages/${pkg}/tsconfig.json`);
  }
  for (const app of ['web', 'api', 'desktop', 'mobile']) {
    for (const route of ['users', 'sessions', 'invoices', 'reports', 'search', 'files', 'teams', 'billing']) {
      paths.add(`apps/${app}/src/app/api/${route}/route.ts`);
      paths.add(`apps/${app}/src/app/${route}/page.tsx`);
    }
  }
  // Subfolders come from a small pool per package and area, so folders hold about ten files each,
  // as in real repositories.
  const pools = new Map<string, string[]>();
  const poolFor = (key: string): string[] => {
    let pool = pools.get(key);
    if (!pool) {
      pool = [''];
      while (pool.length < (key.split('/').length > 4 ? 4 : 9)) {
        const name = camelName(rnd, false).replace(/^./, (c) => c.toLowerCase());
        if (!reserved.has(name.toLowerCase())) pool.push(`/${name}`);
      }
      pools.set(key, pool);
    }
    return pool;
  };
  while (paths.size < count) {
    const root = rnd() < 0.85 ? `packages/${pick(rnd, PACKAGES)}` : `apps/${pick(rnd, ['web', 'api', 'desktop', 'mobile'])}`;
    const area = pick(rnd, AREAS);
    let dir = `${root}/src/${area}${pick(rnd, poolFor(`${root}/${area}`))}`;
    if (rnd() < 0.3) dir += pick(rnd, poolFor(dir));
    const ext = pick(rnd, EXTS);
    const base = camelName(rnd, area === 'hooks');
    if (reserved.has(base.toLowerCase())) continue;
    paths.add(`${dir}/${area === 'utils' ? base.replace(/^./, (c) => c.toLowerCase()) : base}.${ext}`);
  }
  return [...paths];
}

/** Small contents with a few sizes per extension, so git stores few distinct blobs. */
function contentFor(file: string, i: number): string {
  return `// ${path.extname(file) || 'file'} fixture\n` + 'export const value = 1;\n'.repeat(1 + (i % 40));
}

function git(cwd: string, args: string[], input?: string): string {
  return execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid',
    '-c', 'commit.gpgsign=false', ...args], { cwd, input, encoding: 'utf8', maxBuffer: 1 << 28 });
}

/** Where the generated workspace lives: `bench/.work/workspace-120k` (or `workspace-<count>` for other sizes). */
export function benchWorkspaceDir(count = FILE_COUNT): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Bundled runs execute from /tmp: fall back to the current checkout.
  const benchDir = existsSync(path.join(here, 'generate-workspace.ts')) ? here : path.resolve('bench');
  return path.join(benchDir, '.work', count === FILE_COUNT ? 'workspace-120k' : `workspace-${count}`);
}

/**
 * Generates the workspace (once) and returns its folder. Also writes ignored and untracked files
 * (node_modules, dist, a protected `.env`) that the index must leave out or pick up.
 */
export function generateWorkspace(dir = benchWorkspaceDir(), count = FILE_COUNT): string {
  const marker = path.join(dir, '.git', 'atmark-bench');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === `${VERSION} ${count}`) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = workspacePaths(count);
  const dirs = new Set(files.map((f) => path.posix.dirname(f)));
  for (const d of dirs) mkdirSync(path.join(dir, d), { recursive: true });
  files.forEach((f, i) => writeFileSync(path.join(dir, f), contentFor(f, i)));
  writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\ndist/\n*.log\n.env*\n!.env.example\n');
  git(dir, ['init', '-q']);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'bench workspace']);
  addUntracked(dir);
  writeFileSync(marker, `${VERSION} ${count}`);
  return dir;
}

/**
 * Generates a workspace of `count` files (once) the fast way, for the scale rows: the files are
 * written empty and `.git/index` is written directly (write-git-index.ts), without `git add` or a
 * commit. The files must exist: `rg --files` and the index's complete walk list the disk, not the
 * git index. A million files take about a minute on an idle disk, against many minutes for `git add`.
 */
export function generateLargeWorkspace(count: number, dir = benchWorkspaceDir(count)): string {
  const marker = path.join(dir, '.git', 'atmark-bench');
  const version = `${VERSION} fast ${count}`;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === version) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = workspacePaths(count);
  for (const d of new Set(files.map((f) => path.posix.dirname(f)))) mkdirSync(path.join(dir, d), { recursive: true });
  const empty = Buffer.alloc(0);
  for (const f of files) writeFileSync(path.join(dir, f), empty);
  writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\ndist/\n*.log\n.env*\n!.env.example\n');
  git(dir, ['init', '-q']);
  // The one blob every entry names, so the repository is whole (`git fsck` finds nothing missing).
  git(dir, ['hash-object', '-w', '--stdin'], '');
  writeGitIndex(path.join(dir, '.git', 'index'), files);
  addUntracked(dir);
  writeFileSync(marker, version);
  return dir;
}

/** Ignored and untracked files: the index must hide the first and list the second. */
function addUntracked(dir: string): void {
  for (let p = 0; p < 6; p++) {
    const nm = path.join(dir, `packages/${PACKAGES[p]}/node_modules/lib${p}`);
    mkdirSync(nm, { recursive: true });
    for (let i = 0; i < 200; i++) writeFileSync(path.join(nm, `f${i}.js`), 'x');
  }
  mkdirSync(path.join(dir, 'apps/web/dist'), { recursive: true });
  writeFileSync(path.join(dir, 'apps/web/dist/bundle.js'), 'x');
  writeFileSync(path.join(dir, 'apps/web/.env'), 'SECRET=1\n');
  writeFileSync(path.join(dir, 'notes-untracked.md'), '# scratch\n');
}

// Run directly: generate and print where.
if (process.argv[1] && /generate-workspace\.(ts|mjs|js)$/.test(process.argv[1])) {
  const t0 = performance.now();
  const count = Number(process.argv[2] ?? FILE_COUNT);
  const dir = count === FILE_COUNT ? generateWorkspace() : generateLargeWorkspace(count);
  console.log(`workspace ready at ${dir} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
