import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { WorkspaceInfo } from '../../shared/api/contract';
import { fail, ok, type ApiResult } from '../../shared/api/result';
import { locateRepository } from '../git/storage';
import { readFileCapped, keepAside, whyOf, type Sentence } from '../storage';
import { SERVICE_TEXT } from './text';

/** How many recent workspaces are remembered. */
export const MAX_RECENT = 10;

/** Bytes of the recent-workspaces file read at most (a list of paths; anything larger is not ours). */
const MAX_RECENT_FILE_BYTES = 256 * 1024;

/**
 * Opens folders as workspaces and remembers the recent ones in `<userDataDir>/recent-workspaces.json`
 * (in memory only when `userDataDir` is not given).
 */
export interface WorkspaceStore {
  /** Validates `input` (absolute, `~/`, or relative to the current folder) and returns it as a workspace. */
  open(input: string): Promise<ApiResult<WorkspaceInfo>>;
  /** Recent workspaces, newest first, without the ones that no longer exist. */
  recent(): Promise<string[]>;
}

/** Creates a {@link WorkspaceStore}. */
export function createWorkspaceStore(userDataDir?: string, onNotice: (sentence: Sentence) => void = () => undefined): WorkspaceStore {
  const file = userDataDir ? path.join(userDataDir, 'recent-workspaces.json') : null;
  let memory: string[] = [];

  async function load(): Promise<string[]> {
    if (!file) return memory;
    const read = await readFileCapped(file, MAX_RECENT_FILE_BYTES);
    // A missing file just means no recent workspaces yet.
    if (!read.ok && read.problem.code === 'missing') return [];
    // Not readable at all (no permission, a folder in its place): nothing of ours to keep aside.
    if (!read.ok && read.problem.code === 'unreadable') return [];
    let parsed: unknown;
    try {
      parsed = read.ok ? JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(read.value)) : undefined;
    } catch {
      parsed = undefined;
    }
    if (Array.isArray(parsed) && parsed.every((p) => typeof p === 'string')) return parsed as string[];
    // Damaged: kept aside (never written over by the next open), and the person is told where.
    const why = read.ok ? 'not a list of folders' : whyOf(read.problem);
    onNotice(await keepAside(file, why));
    return [];
  }

  async function save(list: string[]): Promise<void> {
    memory = list;
    if (!file) return;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, JSON.stringify(list, null, 2));
  }

  async function remember(root: string): Promise<void> {
    await save([root, ...(await load()).filter((p) => p !== root)].slice(0, MAX_RECENT));
  }

  return {
    async open(input) {
      const info = await describeFolder(input);
      if (info.ok) await remember(info.value.root).catch(() => undefined);
      return info;
    },
    async recent() {
      const list = await load();
      const present = (await Promise.all(list.map(async (p) => ((await isDirectory(p)) ? p : null)))).filter((p): p is string => p !== null);
      // A folder that no longer exists is dropped from the list for good, never offered again.
      if (present.length < list.length) await save(present).catch(() => undefined);
      return present;
    },
  };
}

/** Resolves `input` to a real folder and describes it; a value, never a throw. */
export async function describeFolder(input: string): Promise<ApiResult<WorkspaceInfo>> {
  const expanded = input.startsWith('~/') || input === '~' ? path.join(os.homedir(), input.slice(1)) : input;
  const absolute = path.resolve(expanded);
  let real: string;
  try {
    real = await fs.realpath(absolute);
  } catch {
    return fail('not_found', SERVICE_TEXT.folderNotFound(input));
  }
  if (!(await isDirectory(real))) return fail('not_a_folder', SERVICE_TEXT.notAFolder(input));
  return ok({ root: real, name: path.basename(real) || real, isGitRepository: locateRepository(real).ok });
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await fs.stat(p)).isDirectory();
  } catch {
    return false;
  }
}
