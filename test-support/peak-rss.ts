import { readFileSync } from 'node:fs';

/**
 * This process's peak resident memory, in bytes. Linux's VmHWM belongs to the program started by
 * exec; the rusage maxRSS (the fallback elsewhere) would also count what the parent held when it
 * forked this process.
 */
export function peakBytes(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}
