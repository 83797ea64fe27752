/**
 * The CPU time one thread of this process has used, so an extraction's budget can count the work
 * its worker did rather than the wall clock: on a busy laptop a document that needs one second of
 * work may take ten on the clock, and it should still attach. Linux reports each thread's time in
 * `/proc/self/task/TID/stat`; a worker learns its own TID from `/proc/thread-self`. Where neither
 * exists (macOS, Windows) both functions answer null and the caller keeps to the clock (see
 * docs/decisions.md, "Documents: budgets that count work").
 */
import { readFileSync, readlinkSync } from 'node:fs';

/** Clock ticks per second of `/proc` times: 100 on every Linux Node supports (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

/** The OS id of the calling thread (Linux), or null where the system does not say. */
export function currentThreadId(): number | null {
  try {
    // "PID/task/TID": the link resolves for the thread that reads it.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** User plus system CPU milliseconds thread `tid` of this process has used; null once it is gone or unknown. */
export function threadCpuMs(tid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
  } catch {
    return null;
  }
  // The command name in parentheses may hold spaces and parentheses: the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}
