/**
 * The draft (text, workspace, grants), saved as the person types and restored after a crash or a
 * restart. `save` is cheap enough to call on every keystroke: it only keeps the latest draft in
 * memory and makes sure a write starts within `intervalMs`. Writes are throttled, not debounced,
 * so steady typing still reaches the disk every `intervalMs` (plus one write's time), well inside
 * the promise that nothing typed more than a second before a crash is lost.
 */
import { join } from 'node:path';
import * as z from 'zod';
import { MiB } from '../../shared/limits';
import { said } from '../../shared/i18n/translate';
import { fileVersion, jsonText, readJsonFile, sweepStaleTemps, versionOf, writeFileAtomic, type FileProblem, keepAside, whyOf, type Sentence } from '../storage';
import { SESSION_TEXT } from './text';

/** The draft file's name in the folder given to {@link createDraftStore}. */
export const DRAFT_FILE = 'draft.json';

/** A draft is at most this large; larger text is still kept in memory but not saved. */
const MAX_DRAFT_BYTES = 8 * MiB;

const DraftSchema = z.object({
  version: z.literal(1),
  text: z.string(),
  workspace: z.string().nullable(),
  grants: z.array(z.string()),
  savedAt: z.string(),
});

/** What the composer needs to come back as it was. */
export interface Draft {
  text: string;
  /** The workspace folder, or null when none was open. */
  workspace: string | null;
  /** Files outside the workspace the person granted. */
  grants: string[];
}

/** A draft read back, with when it was saved. */
export interface SavedDraft extends Draft {
  savedAt: string;
}

/** Options of {@link createDraftStore}. */
export interface DraftStoreOptions {
  /** Longest time between a `save` and the write that holds it. Default 250 ms. */
  intervalMs?: number;
  now?: () => Date;
  /**
   * Called after each write: the sentence for a failed write (shown at once, kept until a write
   * succeeds), or null once a write succeeded again.
   */
  onWriteProblem?: (sentence: Sentence | null) => void;
  /**
   * Called once when another window wrote the draft file after this one read or wrote it: this
   * window's draft then goes to a file of its own (named in the sentence), so neither is lost.
   */
  onConflict?: (sentence: Sentence) => void;
}

/** The draft of one user-data folder. */
export interface DraftStore {
  /** Keeps `draft` and schedules a write; returns at once. */
  save(draft: Draft): void;
  /** Writes the latest draft now, if it is not on disk yet. Resolves when it is (or the write failed). */
  flush(): Promise<void>;
  /**
   * The saved draft: null when there is none, or it is damaged (then `problem` says so, and the
   * damaged file was renamed aside with a timestamp before anything can write over it).
   */
  load(signal?: AbortSignal): Promise<{ draft: SavedDraft | null; problem: FileProblem | null }>;
  /** The last write's failure, if the last write failed. */
  lastProblem(): FileProblem | null;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

/**
 * True when draft.json moved from the version this window knew: both are real versions (content or
 * absent) and differ. A file that could not be read (a folder in its place) is no other window's
 * draft: the write goes ahead and reports its own failure.
 */
function comparable(known: string | null): known is string {
  return known !== null && !known.startsWith('unreadable:');
}

/** See {@link comparable}: true when the file moved from the version this window knew. */
function changedElsewhere(known: string | null, now: string): boolean {
  if (known === null || known.startsWith('unreadable:') || now.startsWith('unreadable:')) return false;
  return known !== now;
}

/** Creates the draft store for `dir` (the app's user-data folder). */
export function createDraftStore(dir: string, options: DraftStoreOptions = {}): DraftStore {
  const path = join(dir, DRAFT_FILE);
  const intervalMs = options.intervalMs ?? 250;
  const now = options.now ?? (() => new Date());
  let pending: Draft | null = null;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let problem: FileProblem | null = null;
  /** True when a damaged draft could not be moved aside: then nothing writes over it. */
  let blocked = false;
  /** Where this window's draft goes: `draft.json`, or its own file after a conflict. */
  let target = path;
  /** draft.json's version as this window last read or wrote it (storage/file-version.ts); null before either. */
  let known: string | null = null;

  // Writes run one after another; each takes whatever is newest when it starts, so a burst of
  // keystrokes costs one write, and no older draft can land after a newer one.
  const write = (): Promise<void> => {
    writing = writing.then(async () => {
      if (pending === null || blocked) return;
      const draft = pending;
      pending = null;
      const text = jsonText({ version: 1, ...draft, grants: [...draft.grants], savedAt: now().toISOString() });
      const wasFailing = problem !== null;
      if (Buffer.byteLength(text) > MAX_DRAFT_BYTES) {
        problem = { path, code: 'too_large', ...said(SESSION_TEXT.draftTooLarge(MAX_DRAFT_BYTES)) };
      } else {
        if (target === path && comparable(known) && changedElsewhere(known, await fileVersion(path, MAX_DRAFT_BYTES))) {
          // Another window wrote draft.json since: writing over it would lose its text.
          target = join(dir, `draft.window-${now().toISOString().replace(/[:.]/g, '-')}.json`);
          const sentence = SESSION_TEXT.draftChangedElsewhere(target);
          options.onConflict?.(said(sentence));
        }
        const written = await writeFileAtomic(target, text);
        if (written.ok && target === path) known = versionOf(text);
        problem = written.ok ? null : { ...written.problem, ...said(SESSION_TEXT.draftNotSaved(written.problem.message)) };
      }
      if (problem) options.onWriteProblem?.(problem);
      else if (wasFailing) options.onWriteProblem?.(null);
    });
    return writing;
  };

  const schedule = (): void => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void write();
    }, intervalMs);
  };

  return {
    save(draft) {
      pending = { text: draft.text, workspace: draft.workspace, grants: [...draft.grants] };
      schedule();
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      await write();
    },
    async load(signal) {
      await sweepStaleTemps(dir);
      known = await fileVersion(path, MAX_DRAFT_BYTES);
      const read = await readJsonFile(path, DraftSchema, MAX_DRAFT_BYTES, signal);
      if (read.ok) {
        const { version: _v, ...draft } = read.value;
        return { draft, problem: null };
      }
      if (read.problem.code === 'missing' || read.problem.code === 'aborted') return { draft: null, problem: null };
      // Not readable at all (a folder in its place, no permission): said as is; the writes will say more.
      if (read.problem.code === 'unreadable') return { draft: null, problem: read.problem };
      // Damaged or too large: kept aside before the next keystroke can write over it.
      const aside = await keepAside(path, whyOf(read.problem), now());
      if (aside.keptAs === null) blocked = true;
      // Moved aside, draft.json is gone: that is the version the next write expects.
      known = await fileVersion(path, MAX_DRAFT_BYTES);
      return { draft: null, problem: { ...read.problem, message: aside.message, text: aside.text } };
    },
    lastProblem: () => problem,
    async close() {
      await this.flush();
    },
  };
}
