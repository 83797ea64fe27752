import { stat } from 'node:fs/promises';

/**
 * Helpers for resolvers' `identity()`: cheap strings that change whenever what a reference points at
 * may have changed, so an unchanged reference is served from the engine's cache while a person types.
 */

/** `dev:ino:size:mtime:ctime` of a path in nanoseconds, or `missing`. Follows symlinks. */
export async function statIdentity(path: string): Promise<string> {
  try {
    const s = await stat(path, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.mode}`;
  } catch {
    return 'missing';
  }
}

/**
 * A time bucket for sources that cannot be identified cheaply (a folder tree, the working tree, a web
 * page): the identity changes every `ms`, so a cached result is at most that old. Send asks for
 * fresh results and never uses the cache.
 */
export function timeBucket(now: Date, ms: number): string {
  return `t${Math.floor(now.getTime() / ms)}`;
}
