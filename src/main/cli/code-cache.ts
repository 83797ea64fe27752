/**
 * Runs the built CLI (`dist/cli.cjs`, one CommonJS file) through a V8 code cache, so a cold
 * `atmark` does not compile again what the last runs compiled (issue 27: the cold CLI).
 *
 * Why: compiling was about a fifth of what a cold one-file `atmark expand` did beyond starting Node
 * (instructions counted: 1080 M with ES modules, 967 M cached, `node -e 0` 507 M): the modules' top
 * level as they load, then each function the first time it runs (the secret scan, the tokenizer,
 * the git reader). Node 22 caches that for ES modules (`module.enableCompileCache`); Node 20 has no
 * cache for ES modules at all, but `vm.Script` takes and makes V8 code caches on both. So the CLI is
 * built as one CommonJS file, compiled here with the cache of earlier runs, and after the command
 * the cache is written again when this run compiled code the cache lacked: V8's cache made after
 * running holds every function compiled so far, those read from the cache included.
 *
 * Which code a run needs depends on what it does. Each command has a cache of its own (`expand`,
 * `serve`, the rest: `--help` need not read the engine's code from a cache), and within it each run
 * reports its paths (`CodePaths`: the reference kinds it expanded), the cache records the paths it
 * was made after, and a run whose paths are not all recorded writes it again with the union. So
 * each file is written a few times per build and then only read.
 *
 * Where: a folder of the person's own (see {@link codeCacheDir}), one file per installed CLI (named
 * by the bundle's path) and command. The file records which bundle it was made from (its length and
 * CRC-32, as Node 22's own compile cache does: V8 itself checks only the source's length, and would
 * run the old build's code for a new bundle of the same length) and the CRC-32 of V8's bytes: Node
 * 20's V8 does not check those, and a damaged cache crashed the process (a segmentation fault). A
 * file that is not a regular file of this user, writable by nobody else, is ignored: V8 trusts what
 * it reads from it. Nothing here may stop the command: a cache that cannot be read is compiled
 * without, one that cannot be written is not. Without `zlib.crc32` (Node before 20.15) there is no
 * cache.
 */
import fs from 'node:fs';
import { isAscii } from 'node:buffer';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

/** What a run reports of the code it took, so the cache is written again when it covered less. */
export type CodePaths = Set<string>;

/** Larger files are not read (the CLI's caches are about 1 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** The first line of a cache file; the second is JSON (`{"bundle": [length, crc32], "data": crc32, "paths": [...]}`), then V8's bytes. */
const MAGIC = 'atmark-code-cache 1';

/**
 * The folder for the CLI's code cache: `ATMARK_CODE_CACHE` when set (`off` or `0`: none), else the
 * platform's per-user cache folder (`$XDG_CACHE_HOME/atmark`, `~/.cache/atmark`,
 * `~/Library/Caches/Atmark`, `%LOCALAPPDATA%\Atmark\Cache`). `NODE_DISABLE_COMPILE_CACHE`, Node's
 * own switch for its compile cache, turns this one off too.
 */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string | null {
  const set = env.ATMARK_CODE_CACHE;
  if (set === 'off' || set === '0' || env.NODE_DISABLE_COMPILE_CACHE) return null;
  if (set) return path.resolve(set);
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'Atmark');
  if (platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'Atmark', 'Cache');
  return path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'atmark');
}

/** A CommonJS bundle compiled with the cache, run, and able to write the cache after the command. */
export interface CachedModule<T> {
  exports: T;
  /** Whether V8 took a cache for this run (false: none, or it was refused). */
  cacheUsed: boolean;
  /**
   * Writes the cache when there was none, V8 refused it, or `paths` holds one it was not made
   * after. Call once the command is done, so the functions it ran are compiled. Never throws.
   */
  save: (paths: Iterable<string>) => void;
}

/** What identifies the bundle a cache was made from: its length in bytes and their CRC-32. */
type BundleStamp = [length: number, crc32: number];

/** `zlib.crc32`, where this Node has it (20.15 and 22.2 on). */
const crc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/** The cache file of the bundle at `file` for `command`: named by a hash of the bundle's path (FNV-1a) and the command. */
function cacheFileOf(dir: string, file: string, command: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) h = Math.imul(h ^ file.charCodeAt(i), 0x01000193) >>> 0;
  return path.join(dir, `cli-${h.toString(16).padStart(8, '0')}-${command}.bin`);
}

/** Which cache a command line uses: `expand` and `serve` their own, everything else one. */
export function cacheCommand(argv: readonly string[]): string {
  return argv[0] === 'expand' || argv[0] === 'serve' ? argv[0] : 'other';
}

/** The cache and the paths it was made after, or null when there is none for this bundle that may be trusted. */
function readCache(file: string, stamp: BundleStamp): { data: Buffer; paths: Set<string> } | null {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch {
    return null;
  }
  try {
    const st = fs.fstatSync(fd);
    // V8 runs what the cache holds: only a file of this user's, that nobody else may write.
    if (!st.isFile() || (typeof process.getuid === 'function' && (st.uid !== process.getuid() || (st.mode & 0o022) !== 0))) return null;
    if (st.size > MAX_CACHE_BYTES) return null;
    const bytes = Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < bytes.length) {
      const n = fs.readSync(fd, bytes, got, bytes.length - got, got);
      if (n === 0) return null;
      got += n;
    }
    const first = bytes.indexOf(10);
    const second = first < 0 ? -1 : bytes.indexOf(10, first + 1);
    if (second < 0 || bytes.toString('latin1', 0, first) !== MAGIC) return null;
    const header = JSON.parse(bytes.toString('utf8', first + 1, second)) as { bundle?: unknown; data?: unknown; paths?: unknown };
    const data = bytes.subarray(second + 1);
    if (JSON.stringify(header.bundle) !== JSON.stringify(stamp) || header.data !== crc32?.(data)) return null;
    const paths = Array.isArray(header.paths) ? header.paths.filter((p): p is string => typeof p === 'string') : [];
    return { data, paths: new Set(paths) };
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes the cache whole or not at all: a temporary file, renamed over the old one. */
function writeCache(target: string, stamp: BundleStamp, paths: Set<string>, data: Buffer): void {
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const header = Buffer.from(`${MAGIC}\n${JSON.stringify({ bundle: stamp, data: crc32?.(data), paths: [...paths].sort() })}\n`, 'utf8');
  const temp = `${target}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temp, Buffer.concat([header, data]), { mode: 0o600, flag: 'wx' });
    fs.renameSync(temp, target);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

/**
 * Compiles and runs the CommonJS bundle `file` with `command`'s code cache in `dir` (none when
 * null), and returns its exports. The bundle's `import()` of packages is this module's
 * (`__atmarkImport`), which resolves them from the same folder.
 */
export function loadWithCodeCache<T>(file: string, dir: string | null, command = 'other'): CachedModule<T> {
  const bytes = fs.readFileSync(file);
  const target = dir === null || !crc32 ? null : cacheFileOf(dir, file, command);
  const stamp: BundleStamp = [bytes.length, target === null ? 0 : (crc32 as (data: Uint8Array) => number)(bytes)];
  const cached = target === null ? null : readCache(target, stamp);
  // The build writes the bundle in ASCII: then a copy makes the string, no UTF-8 decoding.
  const text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const source = `(function (exports, require, module, __filename, __dirname, __atmarkImport) {${text}\n})`;
  const script = new vm.Script(source, { filename: file, ...(cached ? { cachedData: cached.data } : {}) });
  const cacheUsed = cached !== null && script.cachedDataRejected !== true;
  const module = { exports: {} as T };
  // The bundle's `import()` of packages (see scripts/build-cli.mjs) is this module's, from the same folder.
  const importHere = (specifier: string): Promise<unknown> => import(specifier);
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, path.dirname(file), importHere);
  let saved = false;
  return {
    exports: module.exports,
    cacheUsed,
    save: (paths) => {
      if (target === null || saved) return;
      saved = true;
      const wanted = new Set(cacheUsed && cached ? cached.paths : []);
      const before = wanted.size;
      for (const p of paths) wanted.add(p);
      if (cacheUsed && wanted.size === before) return;
      try {
        writeCache(target, stamp, wanted, script.createCachedData());
      } catch {
        // A read-only or full disk: the next run compiles again, as without a cache.
      }
    },
  };
}
