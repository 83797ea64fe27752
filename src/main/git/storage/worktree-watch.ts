/**
 * Which folders of a working tree may have changed since the last look, learned from the system's
 * file events: git's `core.fsmonitor` idea, for `@diff`. A scan then `lstat`s only the tracked files
 * of those folders and reuses its last records for the rest.
 *
 * Why: `@diff` must otherwise `lstat` every tracked file on every call. On this project's 10k-file
 * bench repository that is 10,000 system calls of about 2 µs each, split over two threads, and it
 * was three quarters of a warm `@diff` (19 of 25 ms; issue 27). A person's workspace between two
 * expansions has usually changed in a handful of folders.
 *
 * When it is trusted, and why each rule is there (docs/decisions.md, "A watched working tree"):
 * - Linux only, on a local filesystem (ext2/3/4, btrfs, xfs, tmpfs, f2fs, zfs), every watched folder
 *   a real folder on the working tree's device: inotify sees every change made through the kernel
 *   there. Elsewhere (macOS and Windows report events differently, network filesystems not at all)
 *   {@link WorktreeWatch.open} says no and every scan stats everything, as before.
 * - At most {@link MAX_WATCHED_FOLDERS} folders: each watch costs about 1 KiB and 8-18 µs to set up.
 * - Every ancestor of a folder holding tracked files is watched too, so a folder moved, deleted,
 *   replaced by a symlink or made unreadable is seen by its parent's watch, and then nothing is
 *   trusted until the watch is set up again.
 * - The kernel's event queue can overflow, and Node drops the overflow notice. But an overflow needs
 *   a full queue (`max_queued_events`), and every queued event is delivered, so fewer events than
 *   half of that since the last look prove none was lost (half: other watchers of the same thread
 *   share the queue).
 * - Events still in the queue are delivered before a look ({@link WorktreeWatch.settle}).
 * - What inotify cannot see: a file changed through a hard link in an unwatched folder (the caller
 *   stats every file with more than one link each time), and writes through a shared memory mapping
 *   (git's own monitors share this limit).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Most folders one working tree's watch covers; a larger tree is stat'ed in full on each scan. */
export const MAX_WATCHED_FOLDERS = 4096;

/** Filesystems whose every change inotify reports (statfs magic numbers, linux/magic.h). */
const LOCAL_FILESYSTEMS = new Set([
  0xef53, // ext2, ext3, ext4
  0x9123683e, // btrfs
  0x58465342, // xfs
  0x01021994, // tmpfs
  0xf2f52010, // f2fs
  0x2fc12fc1, // zfs
]);

/** Events delivered to this thread's watchers, all working trees together (see the queue rule above). */
let eventsSeen = 0;
let queueLimit: number | null = null;

/** Half the kernel's per-queue limit (16384 by default): more events than that since a look mean a look at everything. */
function eventBudget(): number {
  if (queueLimit === null) {
    let limit = 16384;
    try {
      const read = Number.parseInt(fs.readFileSync('/proc/sys/fs/inotify/max_queued_events', 'latin1'), 10);
      if (read > 0) limit = read;
    } catch {
      // The default stands.
    }
    queueLimit = Math.floor(limit / 2);
  }
  return queueLimit;
}

/** Resolves after a full turn of the event loop, its poll phase included (where file events are read). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Watches the folders of one working tree. Create with {@link WorktreeWatch.open}. */
export class WorktreeWatch {
  private readonly watchers: fs.FSWatcher[] = [];
  /** Folders with events since the last {@link take}, relative with their trailing `/` (`''`: the top). */
  private dirty = new Set<string>();
  /** Set when something happened that a folder list cannot say: then everything is looked at. */
  private lost = false;
  private eventsAtTake = eventsSeen;

  private constructor(
    /** Every watched folder (and every folder that should exist): an event naming one of them is a moved folder. */
    private readonly folders: ReadonlySet<string>,
  ) {}

  /**
   * Watches `folders` (relative to `worktree`, a real path, each with its trailing `/`, `''` for the
   * top) and all their ancestors. Returns null when the watch cannot be trusted here (see the rules
   * above): the caller then stats everything, every time.
   */
  static open(worktree: string, folders: Iterable<string>): WorktreeWatch | null {
    if (process.platform !== 'linux') return null;
    const all = withAncestors(folders);
    if (all.size > MAX_WATCHED_FOLDERS) return null;
    let device: number;
    try {
      if (!LOCAL_FILESYSTEMS.has(fs.statfsSync(worktree).type)) return null;
      device = fs.lstatSync(worktree).dev;
    } catch {
      return null;
    }
    const watch = new WorktreeWatch(all);
    // Parents before children (sorted), so a folder is watched before anything inside it can change unseen.
    for (const rel of [...all].sort()) {
      const full = rel === '' ? worktree : path.join(worktree, rel);
      try {
        const st = fs.lstatSync(full);
        if (!st.isDirectory() || st.dev !== device) throw new Error('not a plain folder of this filesystem');
        const w = fs.watch(full, { persistent: false }, (type, name) => watch.event(rel, type, name));
        w.on('error', () => void (watch.lost = true));
        watch.watchers.push(w);
      } catch (err) {
        // A tracked folder that does not exist (its files deleted) is fine: its parent's watch sees it come back.
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') continue;
        watch.close();
        return null;
      }
    }
    return watch;
  }

  /**
   * Resolves once every event the system queued before this call has been delivered: two turns of
   * the event loop, because a first `setImmediate` from inside a poll-phase callback runs in the same
   * turn, before the next read of the event queue.
   */
  async settle(): Promise<void> {
    await nextTurn();
    await nextTurn();
  }

  /**
   * The folders with events since the last call (relative, with their trailing `/`), or null when
   * everything must be looked at again (a folder moved, a watch failed, too many events); then the
   * caller closes this watch and opens a new one. Starts the next interval either way.
   */
  take(): ReadonlySet<string> | null {
    const over = eventsSeen - this.eventsAtTake >= eventBudget();
    const dirty = this.lost || over ? null : this.dirty;
    this.dirty = new Set();
    this.eventsAtTake = eventsSeen;
    return dirty;
  }

  /** Stops every watch. */
  close(): void {
    for (const w of this.watchers.splice(0)) w.close();
    this.lost = true;
  }

  private event(rel: string, type: string, name: string | Buffer | null): void {
    eventsSeen++;
    if (typeof name !== 'string' || name.includes('\uFFFD')) {
      this.lost = true;
      return;
    }
    // A watched folder's own name: the folder itself moved or went (its watch reports its own
    // name then), or a child folder changed its name, links or permissions.
    if (this.folders.has(`${rel}${name}/`) || (rel !== '' && name === path.posix.basename(rel))) {
      this.lost = true;
      return;
    }
    this.dirty.add(rel);
  }
}

/** The folders and all their ancestors, relative with trailing `/`, the top (`''`) included. */
function withAncestors(folders: Iterable<string>): Set<string> {
  const all = new Set<string>(['']);
  for (const rel of folders) {
    for (let at = rel.length - 1; at > 0; at = rel.lastIndexOf('/', at - 1)) {
      const up = rel.slice(0, at + 1);
      if (all.has(up)) break;
      all.add(up);
    }
  }
  return all;
}
