import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A temporary git repository for the end-to-end tests, and a file outside it. */
export interface TestWorkspace {
  root: string;
  /** A file in a sibling folder: outside the workspace. */
  outsideFile: string;
  cleanup(): Promise<void>;
}

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=Atmark Test', '-c', 'user.email=test@atmark.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, stdio: 'ignore' });
}

/**
 * Creates a real git repository with native git: a README, a small source tree, a protected `.env`,
 * three commits, an unstaged change; plus a file outside the workspace.
 */
export async function createTestWorkspace(): Promise<TestWorkspace> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-e2e-')));
  const root = path.join(base, 'project');
  const outside = path.join(base, 'elsewhere');
  await fs.mkdir(path.join(root, 'src', 'lib'), { recursive: true });
  await fs.mkdir(outside);
  const write = (rel: string, text: string) => fs.writeFile(path.join(root, rel), text);
  await write('README.md', `# Demo project\n\n${'This project greets people in many languages. '.repeat(40)}\n`);
  await write('src/greet.ts', 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n');
  await write('.gitignore', 'build/\n');
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'Start the demo project');
  await write('src/lib/format.ts', 'export const shout = (s: string) => s.toUpperCase();\n');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'Add a formatter');
  await write('src/greet.ts', 'export function greet(name: string): string {\n  return `Hello, ${name}.`;\n}\n');
  git(root, 'commit', '-q', '-am', 'Greet more calmly');
  // Unstaged change, an ignored folder and a protected file (never committed).
  await write('src/greet.ts', 'export function greet(name: string): string {\n  return `Hi, ${name}.`;\n}\n');
  await fs.mkdir(path.join(root, 'build'));
  await write('build/out.js', 'ignored\n');
  await write('.env', 'API_TOKEN=not-a-real-secret\n');
  const outsideFile = path.join(outside, 'notes.txt');
  await fs.writeFile(outsideFile, 'notes kept outside the workspace\n');
  return { root, outsideFile, cleanup: () => fs.rm(base, { recursive: true, force: true }) };
}
