/**
 * Helpers for the tests of the `@file` and `@folder` resolvers and the guards: real temporary
 * workspaces, a resolve context with the default limits, and references built by hand (the grammar
 * is tested on its own). Not
 * imported by product code.
 */
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Limits } from '../src/shared/limits';
import type { ParsedReference, ReferenceKind } from '../src/shared/reference';
import type { Refused, Resolution, Resolved, ResolveContext } from '../src/main/resolve';
import { makeContext } from './context';

/** A real temporary folder: `root` is its real path (workspace), `outside` a sibling folder. */
export interface TempArea {
  /** Parent of everything; removed by `cleanup`. */
  base: string;
  /** The workspace root (real path). */
  root: string;
  /** A folder next to the workspace, outside it. */
  outside: string;
  /** Writes a file under the workspace (folders created), returns its absolute path. */
  write(rel: string, content: string | Uint8Array): Promise<string>;
  cleanup(): Promise<void>;
}

/** Creates `base/ws` (the workspace) and `base/outside`. */
export async function makeArea(): Promise<TempArea> {
  const base = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'atmark-fs-')));
  const root = path.join(base, 'ws');
  const outside = path.join(base, 'outside');
  await fsp.mkdir(root);
  await fsp.mkdir(outside);
  return {
    base,
    root,
    outside,
    async write(rel, content) {
      const abs = path.join(root, rel);
      await fsp.mkdir(path.dirname(abs), { recursive: true });
      await fsp.writeFile(abs, content);
      return abs;
    },
    cleanup: () => fsp.rm(base, { recursive: true, force: true }),
  };
}

/** A context over `root` with the default limits (overridable), a frozen clock and no grants. */
export function makeCtx(
  root: string,
  options: { limits?: Partial<Limits>; grants?: string[]; signal?: AbortSignal; home?: string } = {},
): ResolveContext {
  return makeContext(root, options);
}

/** A parsed reference as the grammar would produce it. */
export function makeRef(kind: ReferenceKind, value: string, range?: [number, number?]): ParsedReference {
  const suffix = range ? `:${range[0]}${range[1] === undefined ? '' : `-${range[1]}`}` : '';
  const raw = `@${kind}:${value}${suffix}`;
  const ref: ParsedReference = { raw, kind, value, from: 0, to: raw.length, quoted: false };
  if (range) {
    ref.lineStart = range[0];
    if (range[1] !== undefined) ref.lineEnd = range[1];
  }
  return ref;
}

/** `n` numbered lines: `line 1\nline 2\n...`. */
export function numberedLines(n: number): string {
  return Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join('');
}

/** The resolution as attached; throws (failing the test) with what came back instead. */
export function ok(r: Resolution): Resolved {
  if (!r.ok) throw new Error(`expected attached, got ${r.code}: ${r.message}`);
  return r;
}

/** The resolution as refused; throws (failing the test) with what was attached instead. */
export function refused(r: Resolution): Refused {
  if (r.ok) throw new Error(`expected a refusal, got attached ${r.description}`);
  return r;
}
