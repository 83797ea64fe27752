import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The folder boundaries hold (docs/architecture.md "Which folder may import which"): the table in
 * eslint.config.js names every folder and has no cycle, the lint refuses the imports it forbids, and
 * the cycle check refuses a runtime cycle. The probes are real files of the tree's kind, linted as if
 * they stood where their names say.
 */

const ROOT = join(import.meta.dirname, '..');
const config = (await import(join(ROOT, 'eslint.config.js') as string)) as { MAY_IMPORT: Record<string, readonly string[]>; SECOND_FACES: Record<string, readonly string[]> };
const table = config.MAY_IMPORT;

/** The folders product code lives in: src's own, main's, and the worker engine (its own face). */
function productFolders(): string[] {
  const dirs = (p: string) => readdirSync(join(ROOT, p), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return [...dirs('src').filter((d) => d !== 'main'), ...dirs('src/main').map((d) => `main/${d}`), ...dirs('src/main/git').map((d) => `main/git/${d}`), 'main/engine-worker'];
}

describe('the folder table', () => {
  it('has a line for every folder, and names only folders it has', () => {
    expect(Object.keys(table).sort()).toEqual(productFolders().sort());
    const named = new Set(Object.values(table).flat());
    expect([...named].filter((f) => !(f in table) && f !== 'scripts')).toEqual([]);
  });

  it('has no cycle', () => {
    const done = new Set<string>();
    const path: string[] = [];
    const visit = (folder: string): void => {
      if (done.has(folder) || !(folder in table)) return;
      expect(path, `a cycle through ${folder}`).not.toContain(folder);
      path.push(folder);
      for (const next of table[folder] ?? []) visit(next);
      path.pop();
      done.add(folder);
    };
    for (const folder of Object.keys(table)) visit(folder);
    expect(done.size).toBe(Object.keys(table).length);
  });
});

describe('the faces', () => {
  const faces = config.SECOND_FACES;
  it('names only files that exist, in folders of the table', () => {
    for (const [folder, files] of Object.entries(faces)) {
      expect(table, folder).toHaveProperty([folder]);
      for (const file of files) expect(existsSync(join(ROOT, 'src', folder, file)), `${folder}/${file}`).toBe(true);
    }
  });
});

describe('the boundary lint', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const problems = async (file: string, source: string): Promise<string[]> => {
    const [result] = await eslint.lintText(source, { filePath: join(ROOT, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
  };

  it.each([
    ['an Electron import in the engine', 'src/main/engine/probe.ts', "import { app } from 'electron';\nexport const probe = app;\n", /Electron is imported only/],
    ['a renderer import of main', 'src/renderer/probe.ts', "import { createEngine } from '../main/engine';\nexport const probe = createEngine;\n", /renderer may import only shared/],
    ['a git import of the engine', 'src/main/git/probe.ts', "import { createEngine } from '../engine';\nexport const probe = createEngine;\n", /main\/git may import only/],
    ['a git import of a resolver, lazily', 'src/main/git/probe.ts', "export const probe = () => import('../resolvers/diff');\n", /main\/git may import only/],
    ['git storage reaching up to a view', 'src/main/git/storage/probe.ts', "import { walkLog } from '../views/commit-log';\nexport const probe = walkLog;\n", /main\/git\/storage may import only/],
    ['a git view reaching up to the patches', 'src/main/git/views/probe.ts', "import { formatFilePatch } from '../render/patch-format';\nexport const probe = formatFilePatch;\n", /main\/git\/views may import only/],
    ['git storage importing its own face', 'src/main/git/storage/probe.ts', "import { readCommits } from '..';\nexport const probe = readCommits;\n", /main\/git\/storage may import only/],
    ['a settings import of sessions', 'src/main/settings/probe.ts', "export { openSession } from '../sessions';\n", /main\/settings may import only/],
    ['a guards import of a resolver', 'src/main/guards/probe.ts', "import { fileResolver } from '../resolvers/file';\nexport const probe = fileResolver;\n", /main\/guards may import only/],
    ['a node: module in shared code', 'src/shared/probe.ts', "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n", /no node:\* module/],
    ['a worker channel file other than its index.ts', 'src/main/extraction/probe.ts', "import { serveChannel } from '../worker-channel/serve';\nexport const probe = serveChannel;\n", /crossed only through its index.ts/],
    ['a file inside another folder of main, not its face', 'src/main/services/probe.ts', "import { isInside } from '../guards/containment';\nexport const probe = isInside;\n", /main\/guards is crossed only through its index.ts/],
    ['a file in a folder inside another folder of main', 'src/main/services/probe.ts', "import { openWorkspaceIndex } from '../workspace/worker/remote-index';\nexport const probe = openWorkspaceIndex;\n", /main\/workspace is crossed only through its index.ts/],
    ['a file of a git layer, not its face', 'src/main/workspace/probe.ts', "export { locateRepository } from '../git/storage/repository';\n", /main\/git\/storage is crossed only through its index.ts/],
    ['a lazy import of a file that is not a face', 'src/main/cli/probe.ts', "export const probe = () => import('../host/serve');\n", /main\/host is crossed only through its index.ts/],
    ['a product import of test-support', 'src/main/sessions/probe.ts', "import { makeContext } from '../../../test-support/context';\nexport const probe = makeContext;\n", /test-support\/ is for tests/],
  ])('refuses %s', async (_what, file, source, message) => {
    const found = await problems(file, source);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it('lets through what the table allows: Electron in main/electron, the engine in the services, test-support in a test', async () => {
    expect(await problems('src/main/electron/probe.ts', "import { app } from 'electron';\nexport const probe = app;\n")).toEqual([]);
    expect(await problems('src/main/services/probe.ts', "import { createEngine } from '../engine';\nexport const probe = createEngine;\n")).toEqual([]);
    expect(await problems('src/main/extraction/probe.ts', "import { serveChannel } from '../worker-channel';\nexport const probe = serveChannel;\n")).toEqual([]);
    expect(await problems('src/main/services/probe.ts', "import { isInside } from '../guards';\nexport const probe = isInside;\n")).toEqual([]);
    expect(await problems('src/main/engine/probe.ts', "export const probe = () => import('../guards/secret-guard');\n")).toEqual([]);
    expect(await problems('src/main/workspace/probe.ts', "export { IndexCursor } from '../git/storage/index-cursor';\n")).toEqual([]);
    expect(await problems('src/main/sessions/probe.test.ts', "import { makeContext } from '../../../test-support/context';\nexport const probe = makeContext;\n")).toEqual([]);
  });
});

describe('the cycle check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atmark-cycle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const dpdm = (pattern: string): number => {
    try {
      execFileSync(process.execPath, [join(ROOT, 'node_modules/dpdm/lib/bin/dpdm.js'), '--transform', '--no-tree', '--no-warning', '--no-progress', '--exit-code', 'circular:1', pattern], { cwd: dir, stdio: 'pipe' });
      return 0;
    } catch (err) {
      return (err as { status: number }).status;
    }
  };

  it('refuses a runtime import cycle and lets a cycle of type imports through', () => {
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = (): number => b() + 1;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): number => (a ? 1 : 0);\n");
    writeFileSync(join(dir, 'c.ts'), "import { d } from './d';\nexport const c = (): number => d() + 1;\n");
    writeFileSync(join(dir, 'd.ts'), "import type { c } from './c';\nexport const d = (): number => 1;\nexport type C = typeof c;\n");
    expect(dpdm('[ab].ts')).toBe(1);
    expect(dpdm('[cd].ts')).toBe(0);
  });
});
