/**
 * The history: every session folder under one root (the app keeps them in `USERDATA/sessions`),
 * newest first, with a title (the first message), when it was created and last used, and how many
 * runs it has. A damaged session is reported and left out.
 */
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { readJsonFile } from '../storage';
import { isId, newId } from './ids';
import { SESSION_TEXT } from './text';
import { said } from '../../shared/i18n/translate';
import { SessionMetaSchema } from '../../shared/session-records';
import { openSession, type OpenSessionResult, type Listing } from './session-store';

/** One session as the history list shows it. */
export interface SessionSummary {
  id: string;
  /** The session's folder; pass it to `openSession`. */
  dir: string;
  /** The first line of its first message; null before the first run. */
  title: string | null;
  createdAt: string;
  /** When a run was last written (or the creation time). */
  updatedAt: string;
  runCount: number;
}

/** Lists the sessions under `root`, most recently used first. A missing root lists nothing. */
export async function listSessions(root: string, signal?: AbortSignal): Promise<Listing<SessionSummary>> {
  const listing: Listing<SessionSummary> = { items: [], problems: [] };
  const names = await fsp.readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    if (signal?.aborted) break;
    const dir = join(root, name);
    const read = await readJsonFile(join(dir, 'session.json'), SessionMetaSchema, 64 * 1024, signal);
    if (!read.ok) {
      // Folders that never were sessions are not problems; damaged session files are.
      if (read.problem.code !== 'missing') listing.problems.push(read.problem);
      continue;
    }
    const runs = await runStats(join(dir, 'runs'));
    listing.items.push({
      id: read.value.id,
      dir,
      title: read.value.title,
      createdAt: read.value.createdAt,
      updatedAt: runs.latest ?? read.value.createdAt,
      runCount: runs.count,
    });
  }
  listing.items.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return listing;
}

/** Starts a new session in a new folder under `root` named after its id. */
export async function createSession(root: string, options: { now?: () => Date } = {}): Promise<OpenSessionResult> {
  await fsp.mkdir(root, { recursive: true }).catch(() => undefined);
  // The folder name is only a place; the id inside session.json is what identifies the session.
  for (;;) {
    const dir = join(root, newId('session'));
    const made = await fsp.mkdir(dir).then(() => true, (err: NodeJS.ErrnoException) => (err.code === 'EEXIST' ? false : err));
    if (made === true) return openSession(dir, options);
    if (made !== false) return { ok: false, code: 'unwritable', ...said(SESSION_TEXT.cannotCreate(root, made.code ?? made.message)) };
  }
}

async function runStats(runsDir: string): Promise<{ count: number; latest: string | null }> {
  const names = await fsp.readdir(runsDir).catch(() => [] as string[]);
  let count = 0;
  let latest = 0;
  for (const name of names) {
    if (!name.endsWith('.json') || !isId('run', name.slice(0, -5))) continue;
    count += 1;
    const stat = await fsp.stat(join(runsDir, name)).catch(() => null);
    if (stat) latest = Math.max(latest, stat.mtimeMs);
  }
  return { count, latest: latest > 0 ? new Date(latest).toISOString() : null };
}
