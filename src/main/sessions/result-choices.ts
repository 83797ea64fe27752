/**
 * What `@result:` completion offers: this session's results, newest first, each with its label and
 * age ("reply of run 3 · 5 min ago"), filtered by what the person typed after `@result:`.
 */
import type { ResultSummary } from './session-store';

/** One completion choice. */
export interface ResultChoice {
  id: string;
  kind: ResultSummary['kind'];
  label: string;
  /** `just now`, `5 min ago`, `3 h ago`, `2 days ago`. */
  age: string;
  /** `label · age`, for a one-line completion detail. */
  summary: string;
}

/** Options of {@link resultChoices}. */
export interface ResultChoiceOptions {
  /** Text typed after `@result:`; matched against the id and the label. Default ''. */
  query?: string;
  /** Default 50. */
  limit?: number;
  now?: Date;
}

/** The choices for `results` (from `session.listResults()`), newest first. */
export function resultChoices(results: readonly ResultSummary[], options: ResultChoiceOptions = {}): ResultChoice[] {
  const query = (options.query ?? '').toLowerCase();
  const now = options.now ?? new Date();
  return [...results]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .filter((r) => query === '' || r.id.startsWith(query) || r.label.toLowerCase().includes(query))
    .slice(0, options.limit ?? 50)
    .map((r) => {
      const age = ageOf(r.createdAt, now);
      return { id: r.id, kind: r.kind, label: r.label, age, summary: `${r.label} · ${age}` };
    });
}

/** How long ago `iso` was, in words a person reads at a glance. */
export function ageOf(iso: string, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86_400);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
