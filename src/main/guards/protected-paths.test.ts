import { describe, it, expect } from 'vitest';
import { PROTECTED_RULES, isProtectedPath, isProtectedRelativePath, pathComponents } from './protected-paths';

const home = '/home/ana';
const opts = { home };

// One or more real paths per rule: [path, expected rule id]. Every rule must appear (checked below).
const PROTECTED: [string, string][] = [
  ['/home/ana/.ssh/config', 'ssh-dir'],
  ['/home/ana/.ssh/known_hosts', 'ssh-dir'],
  ['/work/repo/deploy/.ssh/authorized_keys', 'ssh-dir'],
  ['/work/repo/keys/id_rsa', 'ssh-key'],
  ['/work/repo/keys/id_ed25519.pub', 'ssh-key'],
  ['/work/repo/keys/id_ecdsa_sk', 'ssh-key'],
  ['/work/repo/putty/server.ppk', 'ssh-key'],
  ['/srv/backup/ssh_host_rsa_key', 'ssh-key'],
  ['/etc/ssh/sshd_config', 'ssh-system'],
  ['/home/ana/.bashrc', 'shell-rc'],
  ['/home/ana/.bash_profile', 'shell-rc'],
  ['/home/ana/.profile', 'shell-rc'],
  ['/home/ana/.zshrc', 'shell-rc'],
  ['/home/ana/.zshenv', 'shell-rc'],
  ['/work/repo/dotfiles/.zprofile', 'shell-rc'],
  ['/home/ana/.config/fish/config.fish', 'fish-config'],
  ['/home/ana/.bash_history', 'shell-history'],
  ['/home/ana/.zsh_history', 'shell-history'],
  ['/home/ana/.netrc', 'netrc'],
  ['C:\\Users\\ana\\_netrc', 'netrc'],
  ['/home/ana/.pgpass', 'pgpass'],
  ['C:\\Users\\ana\\AppData\\Roaming\\postgresql\\pgpass.conf', 'pgpass'],
  ['/work/repo/.npmrc', 'npmrc'],
  ['/home/ana/.pypirc', 'pypirc'],
  ['/home/ana/.git-credentials', 'git-credentials'],
  ['/work/repo/.env', 'env-file'],
  ['/work/repo/.env.local', 'env-file'],
  ['/work/repo/.env.production', 'env-file'],
  ['/work/repo/.env.development.local', 'env-file'],
  ['/work/repo/config/prod.env', 'env-file'],
  ['/work/repo/.envrc', 'env-file'],
  ['/home/ana/.aws/credentials', 'aws'],
  ['/home/ana/.aws/config', 'aws'],
  ['/home/ana/.azure/accessTokens.json', 'azure'],
  ['/home/ana/.config/gcloud/application_default_credentials.json', 'gcloud'],
  ['/home/ana/.kube/config', 'kube'],
  ['/home/ana/.docker/config.json', 'docker-config'],
  ['/home/ana/.config/gh/hosts.yml', 'gh'],
  ['/home/ana/.gnupg/private-keys-v1.d/abc.key', 'gnupg'],
  ['/home/ana/.password-store/email/work.gpg', 'password-store'],
  ['/home/ana/.local/share/keyrings/login.keyring', 'password-store'],
  ['/Users/ana/Library/Keychains/login.keychain-db', 'password-store'],
  ['/work/repo/vault.kdbx', 'password-store'],
  ['/home/ana/.config/google-chrome/Default/Cookies', 'browser-profile'],
  ['/home/ana/.config/chromium/Default/Login Data', 'browser-profile'],
  ['/home/ana/.config/BraveSoftware/Brave-Browser/Default/Cookies', 'browser-profile'],
  ['/home/ana/.mozilla/firefox/abc.default/logins.json', 'browser-profile'],
  ['/home/ana/snap/firefox/common/.mozilla/x', 'browser-profile'],
  ['/Users/ana/Library/Application Support/Google/Chrome/Default/Cookies', 'browser-profile'],
  ['/Users/ana/Library/Application Support/Firefox/Profiles/x/key4.db', 'browser-profile'],
  ['/Users/ana/Library/Safari/History.db', 'browser-profile'],
  ['C:\\Users\\ana\\AppData\\Local\\Google\\Chrome\\User Data\\Default\\Cookies', 'browser-profile'],
  ['C:\\Users\\ana\\AppData\\Local\\Microsoft\\Edge\\User Data\\Default\\Login Data', 'browser-profile'],
  ['C:\\Users\\ana\\AppData\\Roaming\\Mozilla\\Firefox\\Profiles\\x\\logins.json', 'browser-profile'],
  ['/proc/self/environ', 'proc'],
  ['/proc/1/cmdline', 'proc'],
  ['/home/ana/.config/atmark/settings.json', 'atmark-settings'],
  ['/home/ana/.atmark/secrets.json', 'atmark-settings'],
  ['/home/ana/Library/Application Support/Atmark/keys.json', 'atmark-settings'],
  ['/home/ana/AppData/Roaming/Atmark/settings.json', 'atmark-settings'],
];

// Paths that look close to a protected one but are ordinary files.
const ORDINARY: string[] = [
  '/work/repo/.env.example',
  '/work/repo/.env.sample',
  '/work/repo/.env.template',
  '/work/repo/.env.dist',
  '/work/repo/environment.ts',
  '/work/repo/src/env.ts',
  '/work/repo/docs/ssh.md',
  '/work/repo/id_rsa_generator.py',
  '/work/repo/bashrc.example',
  '/work/repo/.config/app.json',
  '/work/repo/docker/config.json',
  '/work/repo/aws/lambda.ts',
  '/work/repo/procedures/run.md',
  '/work/proc/readme.md',
  '/home/ana/.config/atmark-notes/todo.md',
  '/home/ana/projects/atmark/src/index.ts',
  '/work/repo/README.md',
];

describe('isProtectedPath', () => {
  it.each(PROTECTED)('%s is protected by %s', (p, rule) => {
    const verdict = isProtectedPath(p, opts);
    expect(verdict).toMatchObject({ protected: true, rule });
    if (verdict.protected) expect(verdict.reason.length).toBeGreaterThan(3);
  });

  it.each(ORDINARY)('%s is not protected', (p) => {
    expect(isProtectedPath(p, opts)).toEqual({ protected: false });
  });

  it('has at least one example for every rule', () => {
    const tested = new Set(PROTECTED.map(([, rule]) => rule));
    for (const rule of PROTECTED_RULES) expect(tested, rule.id).toContain(rule.id);
    expect(tested).toContain('atmark-settings');
  });

  it.each([
    '/home/ana/.SSH/config',
    '/work/repo/ID_RSA',
    '/work/repo/.ENV',
    '/work/repo/.Env.Local',
    '/work/repo/.NPMRC',
    '/HOME/ANA/.AWS/CREDENTIALS',
    '/home/ana/.Config/GCloud/x.json',
    '/home/ana/.DOCKER/Config.Json',
  ])('matches %s case-insensitively', (p) => {
    expect(isProtectedPath(p, opts).protected).toBe(true);
  });

  it('treats case variants of an env template as templates', () => {
    expect(isProtectedPath('/work/repo/.ENV.EXAMPLE', opts)).toEqual({ protected: false });
  });

  it('protects the folders the app passes as appDirs', () => {
    const verdict = isProtectedPath('/var/lib/atmark-data/secrets.json', { home, appDirs: ['/var/lib/atmark-data'] });
    expect(verdict).toMatchObject({ protected: true, rule: 'atmark-settings' });
    expect(isProtectedPath('/var/lib/atmark-database/x', { home, appDirs: ['/var/lib/atmark-data'] }).protected).toBe(false);
  });

  it('protects the protected folders themselves, not only what is inside', () => {
    expect(isProtectedPath('/home/ana/.ssh', opts).protected).toBe(true);
    expect(isProtectedPath('/home/ana/.config/atmark', opts).protected).toBe(true);
  });
});

describe('isProtectedRelativePath', () => {
  it.each([
    ['.env', 'env-file'],
    ['config/.env.production', 'env-file'],
    ['deploy/.ssh/id_ed25519', 'ssh-dir'],
    ['keys\\id_rsa', 'ssh-key'],
    ['.npmrc', 'npmrc'],
    ['packages/a/.npmrc', 'npmrc'],
    ['home/.aws/credentials', 'aws'],
    ['.docker/config.json', 'docker-config'],
  ])('%s is protected by %s', (p, rule) => {
    expect(isProtectedRelativePath(p)).toMatchObject({ protected: true, rule });
  });

  it.each(['src/index.ts', '.env.example', 'proc/x', 'README.md', '.gitignore'])('%s is not protected', (p) => {
    expect(isProtectedRelativePath(p)).toEqual({ protected: false });
  });
});

describe('isProtectedRelativePath lookup tables', () => {
  // The fast path must report exactly what trying PROTECTED_RULES in order reports.
  const byRules = (p: string) => PROTECTED_RULES.find((r) => r.matches(pathComponents(p)))?.id ?? null;
  const samples = [
    ...PROTECTED.map(([p]) => p), ...ORDINARY,
    'a/.ssh/.env', '.env/id_rsa', 'x/.config/gh/.npmrc', 'etc/ssh/.aws/k', 'library/keychains/.envrc',
    'snap/chromium/.profile', 'vault.KDBX', 'keys/ID_ED25519_SK.PUB', 'x/ssh_host_ed25519_key', 'etc', 'ssh',
    '.config', '.config/fish', '', '/', 'a\\.docker\\config.json', '.docker/config.json/x', 'prod.env/readme',
  ];
  it.each(samples)('judges %j as the rules in order do', (p) => {
    const verdict = isProtectedRelativePath(p);
    expect(verdict.protected ? verdict.rule : null).toBe(byRules(p));
  });
});

describe('pathComponents', () => {
  it('splits on both separators, lower-cases and keeps the root marker', () => {
    expect(pathComponents('/A//b\\C/')).toEqual(['', 'a', 'b', 'c']);
    expect(pathComponents('a/b')).toEqual(['a', 'b']);
  });
});
