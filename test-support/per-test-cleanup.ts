/**
 * Cleanups that run after each test of the file that asks for them, last registered first: temporary
 * folders, workspaces, child processes. Not imported by product code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** What {@link perTestCleanup} gives a test file. */
export interface PerTestCleanup {
  /** Runs `cleanup` after the current test (awaited when it returns a promise). */
  later(cleanup: () => unknown): void;
  /** A new temporary folder named `prefix…`, removed after the current test. */
  tempDir(prefix: string): string;
}

/** Registers an `afterEach` that runs what the tests hand to `later`, newest first. Call it at a file's top level. */
export function perTestCleanup(): PerTestCleanup {
  let cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    const due = cleanups.reverse();
    cleanups = [];
    for (const cleanup of due) await cleanup();
  });
  const later = (cleanup: () => unknown): void => void cleanups.push(cleanup);
  return {
    later,
    tempDir(prefix) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      later(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
}
