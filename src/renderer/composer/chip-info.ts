import type { ExpansionResult } from '../../shared/expansion';
import type { ParsedReference } from '../../shared/reference';

/** What a chip shows as its state (docs/contract.md "The app"). */
export type ChipState = 'resolving' | 'ok' | 'warning' | 'blocked';

/** Everything a chip draws besides its text. */
export interface ChipInfo {
  state: ChipState;
  /** Tokens attached; null until known. */
  tokens: number | null;
  /** A sentence for the tooltip: the first warning, or what was attached. */
  detail: string;
}

/**
 * Derives each reference's chip from the latest expansion and the progress of the one in flight.
 * A reference the latest result does not know yet (just typed) is `resolving`; one the result knows
 * keeps its state while a newer expansion runs, so chips do not flicker on every keystroke.
 */
export function chipInfos(result: ExpansionResult | null, progress: Record<string, 'resolving' | 'done'>): Map<string, ChipInfo> {
  const infos = new Map<string, ChipInfo>();
  for (const ref of result?.references ?? []) {
    const warning = ref.warnings[0]?.message;
    const state: ChipState =
      ref.status === 'attached' ? (ref.warnings.length > 0 ? 'warning' : 'ok') : ref.status === 'blocked' ? 'blocked' : 'warning';
    const detail = warning ?? `attached, ${ref.tokens} tokens`;
    if (!infos.has(ref.raw)) infos.set(ref.raw, { state, tokens: ref.status === 'attached' ? ref.tokens : null, detail });
  }
  for (const [raw, state] of Object.entries(progress)) {
    if (state === 'resolving') infos.set(raw, { state: 'resolving', tokens: null, detail: 'resolving…' });
  }
  return infos;
}

/** The name a chip shows: a file's base name with its lines, a folder's name, a short git phrase. */
export function shortName(ref: ParsedReference): string {
  const base = (p: string) => p.replace(/[\\/]+$/, '').split(/[\\/]/).pop() || p;
  switch (ref.kind) {
    case 'file': {
      const lines = ref.lineStart === undefined ? '' : `:${ref.lineStart}${ref.lineEnd !== undefined && ref.lineEnd !== ref.lineStart ? `-${ref.lineEnd}` : ''}`;
      return `${base(ref.value)}${lines}`;
    }
    case 'folder':
      return `${base(ref.value)}/`;
    case 'diff':
      return 'unstaged changes';
    case 'staged':
      return 'staged changes';
    case 'git':
      return ref.count === undefined ? ref.value : `last ${ref.count} commit${ref.count === 1 ? '' : 's'}`;
    case 'url':
      return hostOf(ref.value);
    case 'result':
      return ref.value;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
