/**
 * A damaged file of Atmark's own (the draft, the settings, a session's `session.json`, the recent
 * workspaces) is never overwritten (issue 11, row 13): it is renamed beside itself with a timestamp,
 * `draft.json.damaged-20261203-091500`, before anything new is written, and the person is told where
 * it went. Nothing is deleted, so whatever can be recovered from it still can be.
 */
import { promises as fsp } from 'node:fs';
import { basename } from 'node:path';
import type { Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import { STORAGE_TEXT } from './text';

/** A sentence for the person: its English words and, when built from the catalogue, its text. */
export interface Sentence {
  message: string;
  text?: Text;
}

/** `YYYYMMDD-HHMMSS` in UTC: sorts by time, and is a valid file name everywhere. */
function stamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/** The reason inside a problem's sentence (`not valid JSON`), or the sentence itself. */
export function whyOf(problem: { code: string; message: string }): string {
  if (problem.code === 'corrupt') return /\(([^()]*)\)/.exec(problem.message)?.[1] ?? 'it is damaged';
  return problem.message;
}

/**
 * Renames `path` to `<path>.damaged-<time>` (a counter is added if that name is taken) and returns the
 * sentence for the person, naming both files; when the rename fails, a sentence saying so.
 */
export async function keepAside(path: string, why: string | Text, now: Date = new Date()): Promise<{ keptAs: string | null; message: string; text: Text }> {
  const base = `${path}.damaged-${stamp(now)}`;
  for (let n = 0; n < 100; n++) {
    const target = n === 0 ? base : `${base}-${n}`;
    const taken = await fsp.lstat(target).then(
      () => true,
      () => false,
    );
    if (taken) continue;
    try {
      await fsp.rename(path, target);
      return { keptAs: target, ...said(STORAGE_TEXT.keptAside(basename(path), why, target)) };
    } catch (err) {
      return { keptAs: null, ...said(STORAGE_TEXT.couldNotKeepAside(basename(path), why, (err as NodeJS.ErrnoException).code ?? String(err))) };
    }
  }
  return { keptAs: null, ...said(STORAGE_TEXT.couldNotKeepAside(basename(path), why, 'too many damaged copies')) };
}
