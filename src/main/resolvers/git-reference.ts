/**
 * Resolves `@diff`, `@staged` and `@git:N`: finds the workspace's repository (upward, so a subfolder
 * workspace sees its whole repository, as `git diff` run in a subfolder does), reads the view under
 * the git deadline, refuses the whole reference when a changed path is protected, and renders the
 * patch. Every expected failure comes back as a `Refused` value with a sentence from {@link gitMessages}.
 *
 * Decisions (documented in bench/README.md too):
 * - nothing to show is `not_found` ("no unstaged changes ..."), never an invented text;
 * - patch rendering stops once the text passes 4x the per-reference byte limit (the engine judges the
 *   exact size after redaction; this only bounds the work), and `@staged` and `@git:N` stop reading
 *   their trees once the changes' headers alone would pass it (the git views' PatchFloor): both end
 *   as the same "too large" refusal, the second without reading a huge commit whole;
 * - unmerged (conflicted) paths are listed as `* Unmerged path X` lines, as `git diff --staged` does.
 */
import path from 'node:path';
import type { ReferenceSource } from '../../shared/expansion';
import type { ParsedReference } from '../../shared/reference';
import type { Warning } from '../../shared/warnings';
import { refuse, type Resolution, type ResolveContext } from '../resolve';
import { isProtectedRelativePath } from '../guards';
import {
  formatCommitHeader,
  GitCancelled,
  createDeadline,
  type Deadline,
  gitErrorSentence,
  gitMessages as msg,
  renderPatches,
  type RenderResult,
  MAX_DIFF_FILE_BYTES,
  openSession,
  type RepoSession,
  locateRepository,
  readHead,
  readCommits,
  readStaged,
  readUnstaged,
  type ChangeSet,
  type CommitChanges,
  detectRenames,
  PatchFloor,
  ViewTooLarge,
  limitToWorkspace,
  workspacePrefix,
} from '../git';
import { said } from '../../shared/i18n/translate';
import { refValue } from './fs/messages';
import type { Text } from '../../shared/i18n/text';

/** The git reference kinds. */
export type GitReferenceKind = 'diff' | 'staged' | 'git';

/** How many times the per-reference byte limit the renderer may produce before giving up. */
const RENDER_SLACK = 4;

const TARGETS = { diff: 'working tree vs index', staged: 'index vs HEAD' } as const;
const WHAT = { diff: 'unstaged changes', staged: 'staged changes', git: 'commits' } as const;

/** Resolves one git reference of `kind` against `ctx.workspaceRoot`'s repository. */
export async function resolveGitReference(kind: GitReferenceKind, ref: ParsedReference, ctx: ResolveContext): Promise<Resolution> {
  const { count, warnings } = kind === 'git' ? clampCount(ref, ctx) : { count: 0, warnings: [] };
  const target = kind === 'git' ? `HEAD~${count}..HEAD` : TARGETS[kind];
  const located = locateRepository(ctx.workspaceRoot);
  if (!located.ok) return withWarnings(refuse('failed', located.text ?? located.message, target), warnings);
  const source: ReferenceSource = { repository: located.repo.worktree, head: null, readAt: ctx.now().toISOString() };
  const deadline = createDeadline(ctx.signal, ctx.limits.gitTimeoutMs, { yieldNow: ctx.yieldNow });
  try {
    deadline.throwIfAborted();
    source.head = readHead(located.repo);
    const session = openSession(ctx.caches.git, located.repo);
    const result = kind === 'git' ? await resolveLog(session, count, source, ctx, deadline) : await resolveChanges(kind, session, source, ctx, deadline);
    return withWarnings(result, warnings);
  } catch (err) {
    if (err instanceof ViewTooLarge) return withWarnings(refuse('too_large', msg.tooLarge(WHAT[kind], ctx.limits.maxReferenceBytes), target, source), warnings);
    if (err instanceof GitCancelled) {
      const message = err.reason === 'timeout' ? msg.timeout(ctx.limits.gitTimeoutMs) : msg.cancelled();
      return withWarnings(refuse('failed', message, target, source), warnings);
    }
    return withWarnings(refuse('failed', gitErrorSentence(err, located.repo.worktree), target, source), warnings);
  }
}

/** N clamped into 1..maxGitCommits, with a `clamped` warning when it moved. */
function clampCount(ref: ParsedReference, ctx: ResolveContext): { count: number; warnings: Warning[] } {
  const max = Math.max(1, ctx.limits.maxGitCommits);
  const asked = ref.count ?? 1;
  const count = Math.min(Math.max(Math.trunc(asked), 1), max);
  if (count === asked) return { count, warnings: [] };
  return { count, warnings: [{ code: 'clamped', reference: ref.raw, ...said(msg.clamped(asked, count, max)) }] };
}

function withWarnings(r: Resolution, warnings: Warning[]): Resolution {
  return warnings.length > 0 ? { ...r, warnings: [...(r.warnings ?? []), ...warnings] } : r;
}

/** The first protected path among `paths`, judged by the shared protected-path list. */
function firstProtected(paths: readonly string[]): { path: string; reason: string } | null {
  for (const p of paths) {
    const verdict = isProtectedRelativePath(p);
    if (verdict.protected) return { path: p, reason: verdict.reason };
  }
  return null;
}

/** What the block header adds about the repository read: the workspace's part of it, and where it is. */
interface ViewNote {
  prefix: string;
  leftOut: number;
}

function noteText(s: RepoSession, ctx: ResolveContext, note: ViewNote): string {
  const { worktree, gitdir } = s.repo;
  let text = note.prefix ? msg.limitedView(note.prefix, note.leftOut) : '';
  // A subfolder, a linked worktree, a submodule or a `.git` file: say which repository was read.
  if (note.prefix || worktree !== ctx.workspaceRoot || gitdir !== path.join(worktree, '.git')) text += msg.repositoryRead(s.repo.commondir);
  return text;
}

async function resolveChanges(kind: 'diff' | 'staged', s: RepoSession, source: ReferenceSource, ctx: ResolveContext, deadline: Deadline): Promise<Resolution> {
  const target = TARGETS[kind];
  const repo = s.repo.worktree;
  const prefix = workspacePrefix(repo, ctx.workspaceRoot);
  const floor = new PatchFloor(ctx.limits.maxReferenceBytes * RENDER_SLACK, prefix);
  const read = kind === 'diff' ? await readUnstaged(s, deadline) : await readStaged(s, source.head ?? null, deadline, floor);
  if (!read.ok) return refuse('failed', msg.gitErrorIn(read.message, repo), target, source);
  const scoped = limitToWorkspace(read.set, prefix);
  // Renames as git diff --staged shows them; the working tree has none (an untracked file is not a change).
  const changes = kind === 'staged' ? await detectRenames(s, scoped.changes, deadline) : scoped.changes;
  const set: ChangeSet = { changes, unmerged: scoped.unmerged };
  const paths = changedPaths(set);
  source.paths = paths;
  if (paths.length === 0) {
    if (scoped.leftOut > 0) return refuse('not_found', msg.nothingInWorkspace(WHAT[kind], prefix, scoped.leftOut), target, source);
    return refuse('not_found', kind === 'diff' ? msg.noUnstaged(repo) : msg.noStaged(repo), target, source);
  }
  const hit = firstProtected(paths);
  if (hit) return refuse('blocked', msg.protectedPath(WHAT[kind], hit.path, hit.reason), target, source);
  const limit = ctx.limits.maxReferenceBytes;
  const rendered = await renderPatches(s, set.changes, deadline, limit * RENDER_SLACK);
  if (!rendered.ok) return refuse('too_large', tooLargeSentence(rendered, WHAT[kind], s, ctx), target, source);
  const text = set.unmerged.map((p) => `* Unmerged path ${p}\n`).join('') + rendered.text;
  const counted = new Set([...set.unmerged, ...set.changes.map((c) => c.path)]).size;
  const description = (kind === 'diff' ? msg.describeUnstaged(counted) : msg.describeStaged(counted)) + noteText(s, ctx, { prefix, leftOut: scoped.leftOut });
  return { ok: true, text, description, target, language: 'diff', source };
}

/**
 * Why a patch could not be rendered: the whole view is over the limit, or one text file is too large
 * to compare, and then which of its first lines fit one reference as `@file:PATH:1-N`.
 */
function tooLargeSentence(rendered: Extract<RenderResult, { ok: false }>, what: string, s: RepoSession, ctx: ResolveContext): Text {
  const limit = ctx.limits.maxReferenceBytes;
  if (!rendered.tooLargeFile) return msg.tooLarge(what, limit);
  const shown = path.relative(ctx.workspaceRoot, path.join(s.repo.worktree, rendered.tooLargeFile.path)).split(path.sep).join('/');
  return msg.fileTooLargeToCompare(shown, refValue(shown), what, MAX_DIFF_FILE_BYTES, linesThatFit(rendered.tooLargeFile.head, limit));
}

/** How many whole lines from the start of `head` fit in `limit` bytes (at least 1). */
function linesThatFit(head: Uint8Array, limit: number): number {
  let lines = 0;
  for (let at = head.indexOf(10); at >= 0 && at < limit; at = head.indexOf(10, at + 1)) lines++;
  return Math.max(1, lines);
}

/** Distinct changed paths, in output order (a type change lists its path once; a rename both of its paths). */
function changedPaths(set: ChangeSet): string[] {
  return [...new Set([...set.unmerged, ...set.changes.flatMap((c) => (c.from !== undefined ? [c.from, c.path] : [c.path]))])];
}

async function resolveLog(s: RepoSession, count: number, source: ReferenceSource, ctx: ResolveContext, deadline: Deadline): Promise<Resolution> {
  let target = `HEAD~${count}..HEAD`;
  if (!source.head) return refuse('not_found', msg.noCommits(s.repo.worktree), target, source);
  const prefix = workspacePrefix(s.repo.worktree, ctx.workspaceRoot);
  const read = await readCommits(s, source.head, count, deadline, new PatchFloor(ctx.limits.maxReferenceBytes * RENDER_SLACK, prefix));
  target = `HEAD~${read.length}..HEAD`;
  source.commits = read.map((c) => c.commit.oid);
  // Each commit's changes limited to the workspace folder, then renames detected as git log -p does.
  let leftOut = 0;
  const commits: CommitChanges[] = [];
  for (const { commit, changes } of read) {
    const scoped = limitToWorkspace({ changes, unmerged: [] }, prefix);
    leftOut += scoped.leftOut;
    commits.push({ commit, changes: await detectRenames(s, scoped.changes, deadline) });
  }
  const paths = [...new Set(commits.flatMap((c) => c.changes.flatMap((ch) => (ch.from !== undefined ? [ch.from, ch.path] : [ch.path]))))];
  source.paths = paths;
  const hit = firstProtected(paths);
  if (hit) return refuse('blocked', msg.protectedPath(WHAT.git, hit.path, hit.reason), target, source);
  const limit = ctx.limits.maxReferenceBytes;
  let budget = limit * RENDER_SLACK;
  const parts: string[] = [];
  for (const { commit, changes } of commits) {
    const rendered = await renderPatches(s, changes, deadline, budget);
    if (!rendered.ok) return refuse('too_large', tooLargeSentence(rendered, WHAT.git, s, ctx), target, source);
    budget -= Buffer.byteLength(rendered.text, 'utf8');
    // git log -p: header, then a blank line and the patch when there is one; commits apart by a blank line.
    parts.push(formatCommitHeader(commit) + (rendered.text ? `\n${rendered.text}` : ''));
  }
  const description = msg.describeLog(commits.length) + noteText(s, ctx, { prefix, leftOut });
  return { ok: true, text: parts.join('\n'), description, target, language: 'diff', source };
}
