/**
 * The one list of protected paths (docs/contract.md "Resolution"): credentials and private state that Atmark
 * never attaches, inside a workspace or not. Pure: no filesystem access; the caller passes the real
 * path (after every symlink was followed) and the home folder.
 *
 * Matching is on path components, case-insensitively (macOS and Windows file systems fold case, and
 * `ID_RSA` is no less a key than `id_rsa`). Both `/` and `\` separate components, so the same rules
 * serve Linux, macOS and Windows paths, absolute or repository-relative.
 *
 * Decisions:
 * - Name rules match any component, not only the last: a file inside a folder named `.ssh` or
 *   `.aws` is protected wherever that folder sits (a copy of `~/.aws` inside a workspace is still
 *   credentials). The `~/`-rooted entries of the contract are therefore matched anywhere too.
 * - `.env` files: `.env`, `.env.<anything>`, `<name>.env` and direnv's `.envrc` are protected.
 *   Templates meant to be committed without secrets are NOT protected: `.env.example`,
 *   `.env.sample`, `.env.template`, `.env.dist` (attached text is still scanned for secrets).
 *   A Python virtualenv folder named `.env` is hidden as a side effect; that is acceptable.
 * - `/proc` is protected: `/proc/<pid>/environ`, `cmdline` and `mem` hold secrets of running processes.
 * - Atmark's own settings and secrets live under `~/.config/atmark` (Linux), `~/Library/Application
 *   Support/Atmark` (macOS), `%APPDATA%/Atmark` (Windows) or `~/.atmark`; the app may pass its real
 *   user-data folder as `appDirs` when it differs.
 */

/** Where a path was found protected: the rule's id (stable) and a short reason for people. */
export type ProtectedVerdict = { protected: true; rule: string; reason: string } | { protected: false };

/** Options of {@link isProtectedPath}. */
export interface ProtectedPathOptions {
  /** The person's home folder (`os.homedir()`), used for Atmark's own settings folders. */
  home: string;
  /** More folders to protect with everything under them (Atmark's real user-data folder). Default none. */
  appDirs?: readonly string[];
}

/** One rule: a stable id, the reason shown to people, and a test on the lower-cased components. */
export interface ProtectedRule {
  id: string;
  reason: string;
  matches(parts: readonly string[]): boolean;
}

/**
 * What one rule looks for, declared once: component names, component patterns, runs of components
 * in a row, or a custom test. The rule's `matches` and the compiled lookup tables used by
 * {@link isProtectedRelativePath} are both built from it at load, never per call.
 */
interface RuleSpec {
  id: string;
  reason: string;
  names?: readonly string[];
  /** A test on one lower-cased component. */
  component?: (part: string) => boolean;
  sequences?: ReadonlyArray<readonly string[]>;
  custom?: (parts: readonly string[]) => boolean;
}

/** True when `seq` occurs in `parts` starting at `i`. */
function sequenceAt(parts: readonly string[], i: number, seq: readonly string[]): boolean {
  if (i + seq.length > parts.length) return false;
  for (let j = 0; j < seq.length; j++) if (parts[i + j] !== seq[j]) return false;
  return true;
}

/** The rule's test on a whole path, from its spec (tables built here, once). */
function compileRule(spec: RuleSpec): ProtectedRule {
  const names = new Set(spec.names ?? []);
  const sequences = spec.sequences ?? [];
  const { component, custom } = spec;
  return {
    id: spec.id,
    reason: spec.reason,
    matches(parts) {
      for (let i = 0; i < parts.length; i++) {
        const p = parts[i] as string;
        if (names.has(p) || component?.(p)) return true;
        for (const seq of sequences) if (sequenceAt(parts, i, seq)) return true;
      }
      return custom ? custom(parts) : false;
    },
  };
}

const ENV_TEMPLATES = new Set(['example', 'sample', 'template', 'dist']);

/** `.env`, `.env.local`, `prod.env`, `.envrc`; not `.env.example` and the other templates. */
function isEnvFile(name: string): boolean {
  if (name === '.env' || name === '.envrc') return true;
  if (name.startsWith('.env.')) return !ENV_TEMPLATES.has(name.slice('.env.'.length));
  return name.length > 4 && name.endsWith('.env');
}

const SSH_KEY = /^(id_(rsa|dsa|ecdsa|ed25519)(_sk)?(\.pub)?|ssh_host_.*_key(\.pub)?|.*\.ppk)$/;
const PASSWORD_DB = /\.(kdbx|kdb|keychain|keychain-db)$/;

/** Every rule's spec, in the order they are tried. */
const RULE_SPECS: readonly RuleSpec[] = [
  { id: 'ssh-dir', reason: 'SSH keys and config', names: ['.ssh'] },
  // The cheap checks first are necessary conditions of the pattern: most components skip the regex.
  { id: 'ssh-key', reason: 'an SSH key', component: (p) => (p.startsWith('id_') || p.startsWith('ssh_host_') || p.endsWith('.ppk')) && SSH_KEY.test(p) },
  { id: 'ssh-system', reason: 'SSH server keys and config', sequences: [['etc', 'ssh']] },
  {
    id: 'shell-rc',
    reason: 'a shell startup file',
    names: [
      '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv',
      '.zprofile', '.zlogin', '.zlogout', '.cshrc', '.tcshrc', '.kshrc', '.mkshrc',
    ],
  },
  { id: 'fish-config', reason: 'a shell startup file', sequences: [['.config', 'fish']] },
  {
    id: 'shell-history',
    reason: 'a shell history',
    names: ['.bash_history', '.zsh_history', '.sh_history', '.history', '.python_history', '.psql_history', '.mysql_history'],
  },
  { id: 'netrc', reason: 'a .netrc login file', names: ['.netrc', '_netrc'] },
  { id: 'pgpass', reason: 'a PostgreSQL password file', names: ['.pgpass', 'pgpass.conf'] },
  { id: 'npmrc', reason: 'an npm config with tokens', names: ['.npmrc'] },
  { id: 'pypirc', reason: 'a PyPI config with tokens', names: ['.pypirc'] },
  { id: 'git-credentials', reason: 'stored git credentials', names: ['.git-credentials'] },
  { id: 'env-file', reason: 'an environment file with secrets', component: isEnvFile },
  { id: 'aws', reason: 'AWS credentials', names: ['.aws'] },
  { id: 'azure', reason: 'Azure credentials', names: ['.azure'] },
  { id: 'gcloud', reason: 'Google Cloud credentials', sequences: [['.config', 'gcloud']] },
  { id: 'kube', reason: 'Kubernetes credentials', names: ['.kube'] },
  { id: 'docker-config', reason: 'Docker registry credentials', sequences: [['.docker', 'config.json']] },
  { id: 'gh', reason: 'GitHub CLI credentials', sequences: [['.config', 'gh']] },
  { id: 'gnupg', reason: 'GnuPG keys', names: ['.gnupg'] },
  {
    id: 'password-store',
    reason: 'a password store',
    names: ['.password-store'],
    sequences: [['.local', 'share', 'keyrings'], ['library', 'keychains']],
    component: (p) => p.includes('.k') && PASSWORD_DB.test(p),
  },
  {
    id: 'browser-profile',
    reason: 'a web browser profile',
    sequences: [
      ['.config', 'google-chrome'], ['.config', 'chromium'], ['.config', 'bravesoftware'],
      ['.config', 'microsoft-edge'], ['.config', 'vivaldi'], ['.config', 'opera'],
      ['.mozilla', 'firefox'], ['.librewolf'], ['snap', 'firefox'], ['snap', 'chromium'],
      ['.var', 'app', 'org.mozilla.firefox'], ['.var', 'app', 'org.chromium.chromium'],
      ['application support', 'google', 'chrome'], ['application support', 'chromium'],
      ['application support', 'firefox'], ['application support', 'bravesoftware'],
      ['application support', 'microsoft edge'], ['library', 'safari'], ['library', 'cookies'],
      ['google', 'chrome', 'user data'], ['microsoft', 'edge', 'user data'],
      ['bravesoftware', 'brave-browser', 'user data'], ['mozilla', 'firefox', 'profiles'],
    ],
  },
  { id: 'proc', reason: 'process memory and environment', custom: (parts) => parts[0] === '' && parts[1] === 'proc' },
];

/** Every rule, in the order they are tried. Tests assert one example per rule. */
export const PROTECTED_RULES: readonly ProtectedRule[] = RULE_SPECS.map(compileRule);

/**
 * The rules folded into lookup tables, so judging a path costs one map lookup per component plus
 * the few component tests, instead of every rule scanning every component (100,000 paths are judged
 * when a large workspace is indexed). The verdict is the rule with the lowest index that matches:
 * exactly the first rule `PROTECTED_RULES` would report.
 */
const TABLES = (() => {
  const byName = new Map<string, number>();
  const bySequenceStart = new Map<string, Array<{ rule: number; seq: readonly string[] }>>();
  const components: Array<{ rule: number; test: (part: string) => boolean }> = [];
  const customs: Array<{ rule: number; test: (parts: readonly string[]) => boolean }> = [];
  RULE_SPECS.forEach((spec, rule) => {
    for (const name of spec.names ?? []) if (!byName.has(name)) byName.set(name, rule);
    for (const seq of spec.sequences ?? []) {
      const list = bySequenceStart.get(seq[0] as string) ?? [];
      list.push({ rule, seq });
      bySequenceStart.set(seq[0] as string, list);
    }
    if (spec.component) components.push({ rule, test: spec.component });
    if (spec.custom) customs.push({ rule, test: spec.custom });
  });
  return { byName, bySequenceStart, components, customs };
})();

/** Index of the first rule matching `parts`, or -1. */
function firstMatchingRule(parts: readonly string[]): number {
  let best = RULE_SPECS.length;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string;
    const named = TABLES.byName.get(p);
    if (named !== undefined && named < best) best = named;
    for (const s of TABLES.bySequenceStart.get(p) ?? []) if (s.rule < best && sequenceAt(parts, i, s.seq)) best = s.rule;
    for (const c of TABLES.components) if (c.rule < best && c.test(p)) best = c.rule;
  }
  for (const c of TABLES.customs) if (c.rule < best && c.test(parts)) best = c.rule;
  return best < RULE_SPECS.length ? best : -1;
}

/** Splits a path into lower-cased components; a leading separator gives a first empty component. */
export function pathComponents(p: string): string[] {
  // By hand rather than split + filter: called for every path a large workspace lists.
  const lower = p.toLowerCase();
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 47;
    if (c !== 47 && c !== 92) continue;
    // An empty component is kept only at the start (the root marker of an absolute path).
    if (i > start || parts.length === 0) parts.push(lower.slice(start, i));
    start = i + 1;
  }
  return parts;
}

/** Atmark's own settings folders under `home` (see the module comment). */
export function atmarkSettingsDirs(home: string): string[] {
  const h = home.replace(/[\\/]+$/, '');
  return [`${h}/.config/atmark`, `${h}/Library/Application Support/Atmark`, `${h}/AppData/Roaming/Atmark`, `${h}/.atmark`];
}

/** True when `p` is `dir` or lies under it, comparing components case-insensitively. */
function isUnder(p: readonly string[], dir: readonly string[]): boolean {
  return dir.length <= p.length && dir.every((d, i) => d === p[i]);
}

/**
 * Judges a path by name only (repository-relative paths from git, entries of a listing): every rule
 * but Atmark's settings folders, which need absolute paths. `relPath` may use `/` or `\`.
 */
export function isProtectedRelativePath(relPath: string): ProtectedVerdict {
  const found = firstMatchingRule(pathComponents(relPath));
  if (found < 0) return { protected: false };
  const rule = PROTECTED_RULES[found] as ProtectedRule;
  return { protected: true, rule: rule.id, reason: rule.reason };
}

/**
 * Judges a real (absolute, symlink-free) path: protected when any rule matches or it lies under
 * Atmark's settings folders (derived from `home`) or one of `appDirs`.
 */
export function isProtectedPath(realPath: string, options: ProtectedPathOptions): ProtectedVerdict {
  const byName = isProtectedRelativePath(realPath);
  if (byName.protected) return byName;
  const parts = pathComponents(realPath);
  const dirs = [...atmarkSettingsDirs(options.home), ...(options.appDirs ?? [])];
  if (dirs.some((d) => isUnder(parts, pathComponents(d)))) {
    return { protected: true, rule: 'atmark-settings', reason: "Atmark's own settings and secrets" };
  }
  return { protected: false };
}

/**
 * The places under `home` that the rules protect, for the hard-link guard (which must find the
 * protected files themselves, not judge names): every rule's names and component runs placed in the
 * home folder (`~/.ssh`, `~/.aws`, `~/.config/gcloud`, ...), `/etc/ssh`, and Atmark's settings
 * folders. Derived from the rules, so the list is not kept twice. Most of them do not exist.
 */
export function homeProtectedLocations(home: string): string[] {
  const h = home.replace(/[\\/]+$/, '');
  const out: string[] = [];
  for (const spec of RULE_SPECS) {
    for (const name of spec.names ?? []) out.push(`${h}/${name}`);
    for (const seq of spec.sequences ?? []) out.push(seq[0] === 'etc' ? `/${seq.join('/')}` : `${h}/${seq.join('/')}`);
  }
  return [...out, ...atmarkSettingsDirs(h)];
}
