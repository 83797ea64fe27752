import type { ExpansionResult } from '../../shared/expansion';
import { translate, type Language } from '../../shared/i18n';
import type { ParsedReference } from '../../shared/reference';
import { say, uiText } from '../i18n/said';

/** What a chip shows as its state (docs/contract.md "The app"). */
export type ChipState = 'resolving' | 'ok' | 'warning' | 'blocked';

/** Everything a chip draws besides its text. */
export interface ChipInfo {
  state: ChipState;
  /** Tokens attached; null until known. */
  tokens: number | null;
  /** A sentence for the tooltip, in the UI language: the first warning, or what was attached. */
  detail: string;
}

/** A chip whose reference has no result yet. */
export function resolvingInfo(language: Language): ChipInfo {
  return { state: 'resolving', tokens: null, detail: translate(uiText('ui.chip.resolving'), language) };
}

/**
 * Derives each reference's chip from the latest expansion and the progress of the one in flight,
 * with its tooltip in `language`. A reference the latest result does not know yet (just typed) is
 * `resolving`; one the result knows keeps its state while a newer expansion runs, so chips do not
 * flicker on every keystroke.
 */
export function chipInfos(result: ExpansionResult | null, progress: Record<string, 'resolving' | 'done'>, language: Language = 'en'): Map<string, ChipInfo> {
  const infos = new Map<string, ChipInfo>();
  for (const ref of result?.references ?? []) {
    const warning = ref.warnings[0];
    const state: ChipState =
      ref.status === 'attached' ? (ref.warnings.length > 0 ? 'warning' : 'ok') : ref.status === 'blocked' ? 'blocked' : 'warning';
    const detail = warning ? say(warning, language) : translate(uiText('ui.chip.attached', { count: ref.tokens }), language);
    if (!infos.has(ref.raw)) infos.set(ref.raw, { state, tokens: ref.status === 'attached' ? ref.tokens : null, detail });
  }
  for (const [raw, state] of Object.entries(progress)) {
    if (state === 'resolving') infos.set(raw, resolvingInfo(language));
  }
  return infos;
}

/** The name a chip shows, in `language`: a file's base name with its lines, a folder's name, a short git phrase. */
export function shortName(ref: ParsedReference, language: Language = 'en'): string {
  const words = (key: Parameters<typeof uiText>[0], count?: number) => translate(uiText(key, count === undefined ? undefined : { count }), language);
  const base = (p: string) => p.replace(/[\\/]+$/, '').split(/[\\/]/).pop() || p;
  switch (ref.kind) {
    case 'file': {
      const lines = ref.lineStart === undefined ? '' : `:${ref.lineStart}${ref.lineEnd !== undefined && ref.lineEnd !== ref.lineStart ? `-${ref.lineEnd}` : ''}`;
      return `${base(ref.value)}${lines}`;
    }
    case 'folder':
      return `${base(ref.value)}/`;
    case 'diff':
      return words('ui.chip.unstaged');
    case 'staged':
      return words('ui.chip.staged');
    case 'git':
      return ref.count === undefined ? ref.value : words('ui.chip.commits', ref.count);
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
