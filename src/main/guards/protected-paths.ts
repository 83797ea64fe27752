/**
 * The one list of protected paths (SPEC §1 "Resolution"): credentials and private state that Atmark
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
 *   credentials). The `~/`-rooted entries of the SPEC are therefore matched anywhere too.
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

/** True when any component is one of `names`. */
function anyName(...names: string[]): (parts: readonly string[]) => boolean {
  const set = new Set(names);
  return (parts) => parts.some((p) => set.has(p));
}

/** True when any component matches `re`. */
function anyMatch(re: RegExp): (parts: readonly string[]) => boolean {
  return (parts) => parts.some((p) => re.test(p));
}

/** True when the components contain `seq` in a row (e.g. `.config`, `gcloud`). */
function sequence(...seq: string[]): (parts: readonly string[]) => boolean {
  return (parts) => {
    for (let i = 0; i + seq.length <= parts.length; i++) {
      if (seq.every((s, j) => parts[i + j] === s)) return true;
    }
    return false;
  };
}

/** True when any of the sequences occurs. */
function anySequence(...seqs: string[][]): (parts: readonly string[]) => boolean {
  const tests = seqs.map((s) => sequence(...s));
  return (parts) => tests.some((t) => t(parts));
}

const ENV_TEMPLATES = new Set(['example', 'sample', 'template', 'dist']);

/** `.env`, `.env.local`, `prod.env`, `.envrc`; not `.env.example` and the other templates. */
function isEnvFile(name: string): boolean {
  if (name === '.env' || name === '.envrc') return true;
  if (name.startsWith('.env.')) return !ENV_TEMPLATES.has(name.slice('.env.'.length));
  return name.length > 4 && name.endsWith('.env');
}

/** Every rule, in the order they are tried. Tests assert one example per rule. */
export const PROTECTED_RULES: readonly ProtectedRule[] = [
  { id: 'ssh-dir', reason: 'SSH keys and config', matches: anyName('.ssh') },
  {
    id: 'ssh-key',
    reason: 'an SSH key',
    matches: anyMatch(/^(id_(rsa|dsa|ecdsa|ed25519)(_sk)?(\.pub)?|ssh_host_.*_key(\.pub)?|.*\.ppk)$/),
  },
  { id: 'ssh-system', reason: 'SSH server keys and config', matches: sequence('etc', 'ssh') },
  {
    id: 'shell-rc',
    reason: 'a shell startup file',
    matches: anyName(
      '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv',
      '.zprofile', '.zlogin', '.zlogout', '.cshrc', '.tcshrc', '.kshrc', '.mkshrc',
    ),
  },
  { id: 'fish-config', reason: 'a shell startup file', matches: sequence('.config', 'fish') },
  {
    id: 'shell-history',
    reason: 'a shell history',
    matches: anyName('.bash_history', '.zsh_history', '.sh_history', '.history', '.python_history', '.psql_history', '.mysql_history'),
  },
  { id: 'netrc', reason: 'a .netrc login file', matches: anyName('.netrc', '_netrc') },
  { id: 'pgpass', reason: 'a PostgreSQL password file', matches: anyName('.pgpass', 'pgpass.conf') },
  { id: 'npmrc', reason: 'an npm config with tokens', matches: anyName('.npmrc') },
  { id: 'pypirc', reason: 'a PyPI config with tokens', matches: anyName('.pypirc') },
  { id: 'git-credentials', reason: 'stored git credentials', matches: anyName('.git-credentials') },
  { id: 'env-file', reason: 'an environment file with secrets', matches: (parts) => parts.some(isEnvFile) },
  { id: 'aws', reason: 'AWS credentials', matches: anyName('.aws') },
  { id: 'azure', reason: 'Azure credentials', matches: anyName('.azure') },
  { id: 'gcloud', reason: 'Google Cloud credentials', matches: sequence('.config', 'gcloud') },
  { id: 'kube', reason: 'Kubernetes credentials', matches: anyName('.kube') },
  { id: 'docker-config', reason: 'Docker registry credentials', matches: sequence('.docker', 'config.json') },
  { id: 'gh', reason: 'GitHub CLI credentials', matches: sequence('.config', 'gh') },
  { id: 'gnupg', reason: 'GnuPG keys', matches: anyName('.gnupg') },
  {
    id: 'password-store',
    reason: 'a password store',
    matches: (parts) =>
      anyName('.password-store')(parts) ||
      anySequence(['.local', 'share', 'keyrings'], ['library', 'keychains'])(parts) ||
      anyMatch(/\.(kdbx|kdb|keychain|keychain-db)$/)(parts),
  },
  {
    id: 'browser-profile',
    reason: 'a web browser profile',
    matches: anySequence(
      ['.config', 'google-chrome'], ['.config', 'chromium'], ['.config', 'bravesoftware'],
      ['.config', 'microsoft-edge'], ['.config', 'vivaldi'], ['.config', 'opera'],
      ['.mozilla', 'firefox'], ['.librewolf'], ['snap', 'firefox'], ['snap', 'chromium'],
      ['.var', 'app', 'org.mozilla.firefox'], ['.var', 'app', 'org.chromium.chromium'],
      ['application support', 'google', 'chrome'], ['application support', 'chromium'],
      ['application support', 'firefox'], ['application support', 'bravesoftware'],
      ['application support', 'microsoft edge'], ['library', 'safari'], ['library', 'cookies'],
      ['google', 'chrome', 'user data'], ['microsoft', 'edge', 'user data'],
      ['bravesoftware', 'brave-browser', 'user data'], ['mozilla', 'firefox', 'profiles'],
    ),
  },
  { id: 'proc', reason: 'process memory and environment', matches: (parts) => parts[0] === '' && parts[1] === 'proc' },
];

/** Splits a path into lower-cased components; a leading separator gives a first empty component. */
export function pathComponents(p: string): string[] {
  return p
    .toLowerCase()
    .split(/[\\/]+/)
    .filter((part, i) => i === 0 || part !== '');
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
  const parts = pathComponents(relPath);
  for (const rule of PROTECTED_RULES) {
    if (rule.matches(parts)) return { protected: true, rule: rule.id, reason: rule.reason };
  }
  return { protected: false };
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
