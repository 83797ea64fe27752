import { documentFormatOfName, isFlowingText, unitOf, type DocumentUnit, type UnitProgress } from '../../shared/documents';
import { cellTargetLabel } from '../../shared/cells';
import type { ExpansionResult } from '../../shared/expansion';
import { translate, type Language } from '../../shared/i18n';
import { KIND_DESCRIPTORS } from '../../shared/kinds';
import { DEFAULT_LIMITS } from '../../shared/limits';
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
  /** True when the reference failed for a reason that may pass (a timeout, a network error): reading it again may work. */
  retryable?: boolean;
  /** While a document is read: how far it has come ("page 12 of 80"), shown on the chip. */
  progress?: string;
}

/** The words of a document's progress, by what it counts. */
const PROGRESS_KEYS = { page: 'ui.chip.progress.page', slide: 'ui.chip.progress.slide', sheet: 'ui.chip.progress.sheet', section: 'ui.chip.progress.section', row: 'ui.chip.progress.row' } as const;

/** A chip whose document is being read: the unit being read of those it will read. */
export function readingInfo(units: UnitProgress, language: Language): ChipInfo {
  const position = translate(uiText(PROGRESS_KEYS[units.unit], { current: Math.min(units.done + 1, units.total ?? 0), total: units.total ?? 0 }), language);
  return { state: 'resolving', tokens: null, detail: translate(uiText('ui.chip.reading', { position }), language), progress: position };
}

/** A chip whose reference has no result yet. */
export function resolvingInfo(language: Language): ChipInfo {
  return { state: 'resolving', tokens: null, detail: translate(uiText('ui.chip.resolving'), language) };
}

/**
 * Derives each reference's chip from the latest expansion and the progress of the one in flight,
 * with its tooltip in `language`. A reference the latest result does not know yet (just typed) is
 * `resolving`; one the result knows keeps its state while a newer expansion runs, so chips do not
 * flicker on every keystroke. A document being read says how far it has come (`units`).
 */
export function chipInfos(
  result: ExpansionResult | null,
  progress: Record<string, 'resolving' | 'done'>,
  language: Language = 'en',
  units: Readonly<Record<string, UnitProgress>> = {},
): Map<string, ChipInfo> {
  const infos = new Map<string, ChipInfo>();
  for (const ref of result?.references ?? []) {
    const warning = ref.warnings[0];
    const state: ChipState =
      ref.status === 'attached' ? (ref.warnings.length > 0 ? 'warning' : 'ok') : ref.status === 'blocked' ? 'blocked' : 'warning';
    const detail = warning ? say(warning, language) : translate(uiText('ui.chip.attached', { count: ref.tokens }), language);
    const tokens = ref.status === 'attached' || ref.tokens > 0 ? ref.tokens : null;
    if (!infos.has(ref.raw)) infos.set(ref.raw, ref.status === 'failed' ? { state, tokens, detail, retryable: true } : { state, tokens, detail });
  }
  for (const [raw, state] of Object.entries(progress)) {
    if (state !== 'resolving') continue;
    const reading = units[raw];
    infos.set(raw, reading && reading.total ? readingInfo(reading, language) : resolvingInfo(language));
  }
  return infos;
}

/** The words of a document range ("pages 3–5"), by what the range counts; literal keys, never computed. */
const RANGE_KEYS: Readonly<
  Record<
    DocumentUnit,
    {
      one: 'ui.chip.page' | 'ui.chip.slide' | 'ui.chip.sheet' | 'ui.chip.section' | 'ui.chip.row';
      many: 'ui.chip.pages' | 'ui.chip.slides' | 'ui.chip.sheets' | 'ui.chip.sections' | 'ui.chip.rows';
    }
  >
> = {
  page: { one: 'ui.chip.page', many: 'ui.chip.pages' },
  slide: { one: 'ui.chip.slide', many: 'ui.chip.slides' },
  sheet: { one: 'ui.chip.sheet', many: 'ui.chip.sheets' },
  section: { one: 'ui.chip.section', many: 'ui.chip.sections' },
  row: { one: 'ui.chip.row', many: 'ui.chip.rows' },
};

/** The words of an image's choice of what is sent. */
const IMAGE_MODE_KEYS = { text: 'ui.chip.sendText', image: 'ui.chip.sendImage', both: 'ui.chip.sendBoth' } as const;

/** The name a chip shows, in `language`: a file's base name with its lines, a folder's name, a short git phrase. */
export function shortName(ref: ParsedReference, language: Language = 'en', maxGitCommits: number = DEFAULT_LIMITS.maxGitCommits): string {
  const words = (key: Parameters<typeof uiText>[0], count?: number) => translate(uiText(key, count === undefined ? undefined : { count }), language);
  const base = (p: string) => p.replace(/[\\/]+$/, '').split(/[\\/]/).pop() || p;
  const label = KIND_DESCRIPTORS[ref.kind].chip.label;
  switch (label.from) {
    case 'path': {
      // An image's choice of what is sent is named after it: "shot.png, picture only".
      if (ref.imageMode) return translate(uiText('ui.chip.document', { name: base(ref.value), range: words(IMAGE_MODE_KEYS[ref.imageMode]) }), language);
      // A workbook's block is named as spreadsheets name it: "book.xlsx, 売上 2026!A1:D20".
      if (ref.cells) return translate(uiText('ui.chip.document', { name: base(ref.value), range: cellTargetLabel(ref.cells) }), language);
      if (ref.lineStart === undefined) return base(ref.value);
      const end = ref.lineEnd ?? ref.lineStart;
      // A document's range counts pages, slides or sheets: the chip says which ("pages 3–5").
      const format = documentFormatOfName(ref.value);
      if (format && !isFlowingText(format)) {
        const keys = RANGE_KEYS[unitOf(format)];
        const range = translate(uiText(end === ref.lineStart ? keys.one : keys.many, { start: ref.lineStart, end }), language);
        return translate(uiText('ui.chip.document', { name: base(ref.value), range }), language);
      }
      return `${base(ref.value)}:${ref.lineStart}${end !== ref.lineStart ? `-${end}` : ''}`;
    }
    case 'folder':
      return `${base(ref.value)}/`;
    case 'words': {
      // A pasted image is named by the first digits of its digest (the chip reads "pasted image 3f2a91").
      const named = translate(uiText(label.key, { value: ref.value.slice(0, 6) }), language);
      return ref.imageMode ? translate(uiText('ui.chip.document', { name: named, range: words(IMAGE_MODE_KEYS[ref.imageMode]) }), language) : named;
    }
    case 'count':
      // What is attached: the engine clamps the count into 1..the commit limit (`@git:99` attaches 10).
      return ref.count === undefined ? ref.value : words(label.key, Math.min(Math.max(ref.count, 1), maxGitCommits));
    case 'host':
      return hostOf(ref.value);
    case 'value':
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
