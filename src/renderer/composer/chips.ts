import { RangeSetBuilder, StateEffect, StateField, type Extension, type Transaction } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, keymap, type DecorationSet } from '@codemirror/view';
import { parseReferences } from '../../shared/grammar';
import { translate, type Language } from '../../shared/i18n';
import type { ParsedReference, ReferenceKind } from '../../shared/reference';
import { uiText, type UiKey } from '../i18n/said';
import { resolvingInfo, shortName, type ChipInfo, type ChipState } from './chip-info';

/**
 * References drawn as atomic chips. The ranges come from the one grammar (`parseReferences`), not
 * from a second regular expression: a MatchDecorator would need its own pattern, and two parsers
 * would disagree on edge cases. Prompts are short, so the whole document is parsed per change.
 *
 * A reference being typed (the last change was typing and the cursor is inside or at its end) stays
 * plain text until the cursor leaves it, so `@file:src/ma` does not turn into a chip mid-word.
 */

/** What chips show: each reference's state, and the language of their words. */
export interface ChipInfoValue {
  infos: ReadonlyMap<string, ChipInfo>;
  language: Language;
}

/** Sets the chips' states and language (dispatched when an expansion result or progress arrives, or the UI language changes). */
export const setChipInfoEffect = StateEffect.define<ChipInfoValue>();

interface ReferencesValue extends ChipInfoValue {
  refs: readonly ParsedReference[];
  /** `from` of the reference being typed, which is not drawn as a chip. */
  editing: number | null;
}

/** Words for a chip's kind and state (the `data-kind` and `data-state` attributes keep the stable codes). */
const KIND_KEYS: Readonly<Record<ReferenceKind, UiKey>> = {
  file: 'ui.kind.file',
  folder: 'ui.kind.folder',
  diff: 'ui.kind.diff',
  staged: 'ui.kind.staged',
  git: 'ui.kind.git',
  url: 'ui.kind.url',
  result: 'ui.kind.result',
};
const STATE_KEYS: Readonly<Record<ChipState, UiKey>> = {
  resolving: 'ui.chip.state.resolving',
  ok: 'ui.chip.state.ok',
  warning: 'ui.chip.state.warning',
  blocked: 'ui.chip.state.blocked',
};

function referenceAt(refs: readonly ParsedReference[], pos: number): ParsedReference | undefined {
  return refs.find((r) => r.from < pos && pos <= r.to);
}

/** The parsed references of the document, the one being typed, and the chips' states. */
export const referencesState = StateField.define<ReferencesValue>({
  create: (state) => ({ refs: parseReferences(state.doc.toString()), editing: null, infos: new Map(), language: 'en' }),
  update(value, tr) {
    let { refs, editing, infos, language } = value;
    for (const effect of tr.effects) if (effect.is(setChipInfoEffect)) ({ infos, language } = effect.value);
    if (tr.docChanged) refs = parseReferences(tr.newDoc.toString());
    if (tr.docChanged || tr.selection) editing = editingAfter(tr, refs, editing);
    return refs === value.refs && editing === value.editing && infos === value.infos && language === value.language ? value : { refs, editing, infos, language };
  },
});

function editingAfter(tr: Transaction, refs: readonly ParsedReference[], editing: number | null): number | null {
  const head = tr.state.selection.main.head;
  const here = referenceAt(refs, head);
  if (tr.docChanged && tr.isUserEvent('input.type')) return here?.from ?? null;
  // Backspacing inside a reference being typed keeps it plain; anything else (moving away, a
  // completion, a paste) makes it a chip.
  if (editing !== null && here && (tr.isUserEvent('delete') || !tr.docChanged)) return here.from;
  return null;
}

/** One chip. `eq` keeps the DOM when nothing it shows changed. */
class ChipWidget extends WidgetType {
  constructor(
    readonly ref: ParsedReference,
    readonly info: ChipInfo,
    readonly language: Language,
  ) {
    super();
  }

  override eq(other: ChipWidget): boolean {
    return other.ref.raw === this.ref.raw && other.language === this.language && other.info.state === this.info.state && other.info.tokens === this.info.tokens && other.info.detail === this.info.detail;
  }

  toDOM(): HTMLElement {
    const chip = document.createElement('span');
    chip.className = `cm-chip cm-chip-${this.info.state}`;
    chip.dataset.ref = this.ref.raw;
    chip.dataset.state = this.info.state;
    chip.dataset.kind = this.ref.kind;
    const words = (key: UiKey, params?: Record<string, string | number>) => translate(uiText(key, params), this.language);
    chip.title = words('ui.chip.title', { ref: this.ref.raw, detail: this.info.detail });
    const part = (cls: string, text: string) => {
      const span = chip.appendChild(document.createElement('span'));
      span.className = cls;
      span.textContent = text;
    };
    part('cm-chip-kind', words(KIND_KEYS[this.ref.kind]));
    part('cm-chip-name', shortName(this.ref, this.language));
    part('cm-chip-state', words(STATE_KEYS[this.info.state]));
    if (this.info.tokens !== null) part('cm-chip-tokens', words('ui.chip.tokens', { count: this.info.tokens }));
    return chip;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}

/** The chips' decorations, recomputed from {@link referencesState}. */
const chipDecorations = StateField.define<DecorationSet>({
  create: (state) => build(state.field(referencesState)),
  update: (decorations, tr) => {
    const before = tr.startState.field(referencesState);
    const after = tr.state.field(referencesState);
    return before === after ? decorations : build(after);
  },
  provide: (field) => [EditorView.decorations.from(field), EditorView.atomicRanges.of((view) => view.state.field(field))],
});

function build(value: ReferencesValue): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const ref of value.refs) {
    if (ref.from === value.editing) continue;
    const info = value.infos.get(ref.raw) ?? resolvingInfo(value.language);
    builder.add(ref.from, ref.to, Decoration.replace({ widget: new ChipWidget(ref, info, value.language) }));
  }
  return builder.finish();
}

/** Options of {@link chips}. */
export interface ChipsConfig {
  /** Called with a chip's raw text when the person clicks it. */
  onSelect(raw: string): void;
}

/** The chips extension: parsed references, atomic chip decorations, chip clicks, and Alt-Enter
 * (show the block of the chip at the cursor) for the keyboard. */
export function chips(config: ChipsConfig): Extension {
  return [
    referencesState,
    chipDecorations,
    keymap.of([
      {
        key: 'Alt-Enter',
        run(view) {
          const head = view.state.selection.main.head;
          const ref = view.state.field(referencesState).refs.find((r) => r.from <= head && head <= r.to);
          if (ref) config.onSelect(ref.raw);
          return ref !== undefined;
        },
      },
    ]),
    EditorView.domEventHandlers({
      mousedown(event) {
        const chip = (event.target as HTMLElement | null)?.closest<HTMLElement>('.cm-chip');
        if (!chip?.dataset.ref) return false;
        config.onSelect(chip.dataset.ref);
        return false;
      },
    }),
  ];
}
