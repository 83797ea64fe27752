/**
 * The first steps shared by `@file` and `@folder`: from the value as written to a judged real path,
 * or a refusal with the right code and sentence. Opening and reading follow in each resolver.
 */
import path from 'node:path';
import { type ResolveContext, type Refused, refuse } from '../../resolve';
import { locateInput, resolveContained, type FsPolicy, type ReadProblem } from '../../guards';
import { problemMessage, type Subject } from './messages';
import { findOtherNormalization } from './normalization';

/** The guards' policy for one call, from the context (tests hand in their own home folder). */
export function policyFor(ctx: ResolveContext): FsPolicy {
  return { workspaceRoot: ctx.workspaceRoot, grants: ctx.grants, home: ctx.home, links: ctx.caches.links };
}

/** How a real path is shown to people: relative to the workspace with `/`, `.` for the root, else absolute. */
export function displayPath(realPath: string, workspaceRoot: string): string {
  const rel = path.relative(workspaceRoot, realPath);
  if (rel === '') return '.';
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return realPath;
  return rel.split(path.sep).join('/');
}

/** A located path: its real path, how to show it, and the policy used. */
export interface Located {
  ok: true;
  realPath: string;
  shown: string;
  policy: FsPolicy;
  /** Whether it is allowed as part of the workspace or as a granted file. */
  via: 'workspace' | 'grant';
}

/** Refuses with the sentence for `problem`; the target is the path as written. */
export function refuseProblem(problem: ReadProblem, subject: Subject, target: string): Refused {
  return refuse(problem.code, problemMessage(problem, subject), target);
}

/**
 * Turns `value` into a real path that is inside the workspace (or granted) and not protected.
 * Refusals show the path as written, so nothing about the real layout outside is revealed. A name
 * missing as typed is looked up in its other Unicode normalization form (NFC/NFD) inside the
 * workspace only; the stored spelling found is judged again from the start.
 */
export async function locate(value: string, kind: Subject['kind'], ctx: ResolveContext): Promise<Located | Refused> {
  const policy = policyFor(ctx);
  const asWritten: Subject = { kind, shown: value };
  const input = locateInput(value, policy);
  if (!input.ok) return refuseProblem(input, asWritten, value);
  let contained = await resolveContained(input, policy, ctx.signal);
  if (!contained.ok && contained.reason === 'missing') {
    // Typed in NFC, stored in NFD (or the reverse): the stored spelling is judged like any path.
    const stored = await findOtherNormalization(policy.workspaceRoot, input.path, ctx.signal);
    if (stored !== null) contained = await resolveContained({ path: stored, trailingSlash: input.trailingSlash }, policy, ctx.signal);
  }
  if (!contained.ok) return refuseProblem(contained, asWritten, value);
  const shown = displayPath(contained.realPath, ctx.workspaceRoot);
  return { ok: true, realPath: contained.realPath, shown, policy, via: contained.via };
}
