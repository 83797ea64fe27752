import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';

/**
 * Which folder may import which (docs/architecture.md "Folders"). A folder not named on the right of
 * another's line may not be imported by it; imports inside a folder are always allowed. The table is
 * the one source: the boundary policies below are built from it, so two ESLint blocks can never
 * replace each other's rules again (flat config keeps only the last block's options for a rule).
 */
export const MAY_IMPORT = {
  shared: [],
  renderer: ['shared'],
  preload: ['shared'],
  'main/guards': ['shared'],
  'main/storage': ['shared', 'main/guards'],
  'main/logs': ['shared'],
  'main/worker-channel': [],
  // git reads in three layers, one way: storage (repositories, the index, objects), views (what
  // changed: worktree, index, commits), render (patches and headers); `main/git` is its face.
  'main/git/storage': ['shared', 'main/guards'],
  'main/git/views': ['shared', 'main/guards', 'main/git/storage'],
  'main/git/render': ['shared', 'main/guards', 'main/git/storage', 'main/git/views'],
  'main/git': ['shared', 'main/guards', 'main/git/storage', 'main/git/views', 'main/git/render'],
  'main/net': ['shared', 'main/guards'],
  'main/model': ['shared', 'main/net'],
  'main/extraction': ['shared', 'main/net', 'main/worker-channel', 'scripts'],
  'main/workspace': ['shared', 'main/guards', 'main/git', 'main/git/storage', 'main/git/views', 'main/worker-channel', 'scripts'],
  'main/resolve': ['shared', 'main/guards'],
  'main/resolvers': ['shared', 'main/resolve', 'main/guards', 'main/git', 'main/net', 'main/extraction', 'main/workspace'],
  'main/engine': ['shared', 'main/resolve', 'main/guards', 'main/resolvers', 'scripts'],
  'main/settings': ['shared', 'main/storage'],
  'main/sessions': ['shared', 'main/storage', 'main/engine', 'main/resolvers', 'main/guards', 'main/model', 'main/net', 'main/settings'],
  'main/engine-worker': ['shared', 'main/engine', 'main/resolve', 'main/resolvers', 'main/sessions', 'main/extraction', 'main/worker-channel', 'scripts'],
  'main/services': ['shared', 'main/engine', 'main/engine-worker', 'main/resolve', 'main/resolvers', 'main/guards', 'main/git', 'main/git/storage', 'main/git/views', 'main/extraction', 'main/workspace', 'main/sessions', 'main/settings', 'main/storage', 'main/net', 'main/model'],
  'main/host': ['shared', 'main/engine', 'main/engine-worker', 'main/guards', 'main/services', 'main/settings'],
  'main/electron': ['shared', 'main/engine-worker', 'main/guards', 'main/services', 'main/settings', 'main/logs'],
  'main/cli': ['shared', 'main/engine', 'main/engine-worker', 'main/resolvers', 'main/host', 'main/sessions', 'main/settings', 'main/extraction'],
};

/** The folders as the boundary plugin classifies files: the first pattern that matches names the element. */
const ELEMENTS = [
  { type: 'main/engine-worker', pattern: 'src/main/engine/worker/**' },
  // A folder inside another (main/git/storage) is listed before it, so its files are its own.
  ...Object.keys(MAY_IMPORT)
    .filter((type) => type !== 'main/engine-worker')
    .sort((a, b) => b.split('/').length - a.split('/').length)
    .map((type) => ({ type, pattern: `src/${type}/**` })),
  { type: 'test-support', pattern: 'test-support/**' },
  { type: 'scripts', pattern: 'scripts/**' },
  { type: 'bench', pattern: 'bench/**' },
].map((element) => ({ ...element, partialMatch: false }));

/** Where Electron may be imported: its own folder in main, and the preload. */
const ELECTRON_FOLDERS = ['main/electron', 'preload'];
/** Folders that run in a browser or a sandbox, or everywhere: no `node:*` (or bare `fs`) module. */
const NO_NODE = ['shared', 'renderer', 'preload'];

/**
 * A folder of main is crossed only through its face: its `index.ts`, which names what other folders
 * may use (inside a folder, its files import each other freely). A few folders have a second face: a
 * file that stands alone so that its callers do not load the whole folder. Each is named here with
 * why; nothing else may be imported from outside the folder. docs/architecture.md "Faces".
 */
export const SECOND_FACES = {
  // The secret scan (secretlint and its rule preset, and Atmark's own rules) stands apart: the
  // window's protocol, the host's static files and the resolvers check containment without loading
  // it. The protected list is a pure table: the workspace index worker checks every path against it
  // at start without the rest of the guards (isbinaryfile, the safe reads). The capped read of one
  // file is node:fs alone: the host's door peeks at the settings with it before anything else loads.
  // Large transient buffers from pages instead of malloc stand alone too: the git reader and the
  // index worker take them without the rest of the guards.
  'main/guards': ['secrets.ts', 'secret-guard.ts', 'secret-rules.ts', 'protected-paths.ts', 'capped-read.ts', 'large-buffer.ts'],
  // The page extractor loads linkedom, Readability and turndown: the model client and @url fetch
  // without them. Content types and text decoding are pure: the extraction worker converts and
  // decodes saved pages with these two without loading undici and the address policy.
  'main/net': ['extract.ts', 'content.ts'],
  // The engine worker and the CLI read pasted images without the rest of sessions (the model client,
  // the network, Send).
  'main/sessions': ['pasted-images.ts'],
  // Where user data lives is read first at start-up, before the settings schema (zod) is loaded. The
  // system keychain serves only the browser host (`atmark serve`): the packaged app keeps keys with
  // Electron's safeStorage and ships without @napi-rs/keyring, so its import stays out of the face.
  'main/settings': ['user-data-dir.ts', 'keychain-secrets.ts'],
  // The workspace index worker walks .git/index with the index file's byte cursor (no I/O, no
  // catalogue) at start, without the object store and the catalogues the rest of storage loads.
  'main/git/storage': ['index-cursor.ts'],
  // The engine loads each kind's resolver on the kind's first reference: a one-file expand loads no
  // git, network or document reader. `lazy.ts` holds those loaders.
  'main/resolvers': ['lazy.ts'],
};

/** The folders of main (and main's sub-layers) held to their faces. */
const FACED = Object.keys(MAY_IMPORT).filter((type) => type.startsWith('main/'));

/** Anything below a folder (`*\/**`), or a file beside index.ts that is not one of its faces. */
const notAFace = (type) => `{*/**,!(${['index.ts', ...(SECOND_FACES[type] ?? [])].join('|')})}`;

/** Which folders may import `type`: the face rule speaks only to them (to the others the table already says no). */
const importersOf = (type) => Object.keys(MAY_IMPORT).filter((from) => MAY_IMPORT[from].includes(type));

const faceRule = (type, from = { anyOf: importersOf(type) }) => ({
  from: { element: { types: from } },
  disallow: { to: { element: { type, fileInternalPath: notAFace(type) } } },
  message: `${type} is crossed only through its index.ts${SECOND_FACES[type] ? ` or its second faces (${SECOND_FACES[type].join(', ')})` : ''}: export what you need from there (SECOND_FACES in eslint.config.js).`,
});

const indexOnly = FACED.filter((type) => importersOf(type).length > 0).map((type) => faceRule(type));
/** Tests may reach inside a folder to test its parts; the worker channel stays behind its face there too. */
const testIndexOnly = [faceRule('main/worker-channel', { noneOf: ['main/worker-channel'] })];

const testSupportBan = {
  disallow: { to: { element: { type: 'test-support' } } },
  message: 'test-support/ is for tests and benches; product code must not import it.',
};
const electronBan = {
  from: { element: { types: { noneOf: ELECTRON_FOLDERS } } },
  disallow: { to: { module: { source: 'electron' } } },
  message: 'Electron is imported only in src/main/electron and src/preload: the engine, the CLI and the browser host run without it.',
};

/** The policies for product code: each folder's allowed folders, Electron's two places, no Node where none runs. */
const productPolicies = [
  ...Object.entries(MAY_IMPORT).map(([type, allowed]) => ({
    from: { element: { type } },
    disallow: { to: { element: { types: { noneOf: [type, ...allowed, 'test-support'] } } } },
    message: `${type} may import only ${allowed.length > 0 ? allowed.join(', ') : 'its own files'} (the MAY_IMPORT table in eslint.config.js).`,
  })),
  {
    from: { element: { types: { anyOf: NO_NODE } } },
    disallow: { to: { module: { origin: 'core' } } },
    message: 'shared, renderer and preload run where Node does not: no node:* module.',
  },
  ...indexOnly,
  electronBan,
  testSupportBan,
];

/** Tests may reach across folders and into test-support; Electron stays out of them too. */
const testPolicies = [electronBan, ...testIndexOnly];

const boundarySettings = {
  'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js'] } },
  'boundaries/elements': ELEMENTS,
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'docs/**', 'bench/.work/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A }` alone stays a runtime import under verbatimModuleSyntax; `import type` does not,
      // so the cycle check (lint:cycles, which counts runtime imports only) sees what the bundle loads.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // CommonJS files (the `atmark` entry: bin/atmark.cjs says why) load with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Product code: the folder table, Electron's two places, no Node in shared code, no test support.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: boundarySettings,
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies: productPolicies }] },
  },
  {
    // Tests, test support and benches may cross folders; none of them may need Electron.
    files: ['src/**/*.test.{ts,tsx}', 'test-support/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    plugins: { boundaries },
    settings: boundarySettings,
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies: testPolicies }] },
  },
  {
    // The rules of hooks (all of the plugin's recommended ones), and effects that name everything they read.
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules, 'react-hooks/exhaustive-deps': 'error' },
  },
);
