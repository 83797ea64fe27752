import { Prec, RangeSetBuilder, StateEffect, StateField, type ChangeDesc, type Extension, type Transaction } from '@codemirror/state';
import { parsedReferences } from './parsed';
import { Decoration, EditorView, WidgetType, keymap, type DecorationSet } from '@codemirror/view';
import { translate, type Language } from '../../shared/i18n';
import type { ParsedReference } from '../../shared/reference';
import { CHIP_STATE_KEYS, KIND_KEYS } from '../i18n/code-words';
import { uiText, type UiKey } from '../i18n/said';
import { resolvingInfo, shortName, type ChipInfo } from './chip-info';
import { compositionEndedEffect } from './ime';

/**
 * References drawn as atomic chips. The ranges come from the one grammar (`parseReferences`), not
 * from a second regular expression: a MatchDecorator would need its own pattern, and two parsers
 * would disagree on edge cases. Prompts are short, so the whole document is parsed per change.
 *
 * A reference being typed (the last change was typing and the cursor is inside or at its end) stays
 * plain text until the cursor leaves it, so `@file:src/ma` does not turn into a chip mid-word.
 *
 * While an IME composes (`input.type.compose` changes), the references are not re-parsed: they keep
 * their ranges, mapped past the composed text, and no chip is drawn over it. A romaji `s` composed
 * right after `@diff` would otherwise turn the chip into the text `@diffs` until the person commits
 * `す`. The document is parsed again when the composition ends ({@link compositionEndedEffect}).
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
  /** The range an IME is composing into, while a composition is active; null otherwise. */
  composing: { from: number; to: number } | null;
}

function referenceAt(refs: readonly ParsedReference[], pos: number): ParsedReference | undefined {
  return refs.find((r) => r.from < pos && pos <= r.to);
}

/** The parsed references of the document, the one being typed, and the chips' states. */
export const referencesState = StateField.define<ReferencesValue>({
  create: (state) => ({ refs: parsedReferences(state.doc.toString()), editing: null, infos: new Map(), language: 'en', composing: null }),
  update(value, tr) {
    let { refs, editing, infos, language, composing } = value;
    let ended = false;
    for (const effect of tr.effects) {
      if (effect.is(setChipInfoEffect)) ({ infos, language } = effect.value);
      if (effect.is(compositionEndedEffect)) ended = true;
    }
    if (tr.docChanged && tr.isUserEvent('input.type.compose')) {
      composing = composedRange(tr.changes, composing);
      refs = refs.flatMap((r) => mapReference(r, tr.changes));
      editing = editing === null ? null : tr.changes.mapPos(editing, 1);
    } else if (tr.docChanged || (ended && composing !== null)) {
      const committed = composing !== null && !tr.docChanged;
      composing = null;
      refs = parsedReferences(tr.newDoc.toString());
      // A committed composition was typing: a reference it is part of stays plain until the cursor leaves.
      editing = committed ? (referenceAt(refs, tr.state.selection.main.head)?.from ?? null) : editingAfter(tr, refs, editing);
    } else if (tr.selection) editing = editingAfter(tr, refs, editing);
    return refs === value.refs && editing === value.editing && infos === value.infos && language === value.language && composing === value.composing
      ? value
      : { refs, editing, infos, language, composing };
  },
});

/** The composed range after `changes`: the previous one mapped, widened by every changed range. */
function composedRange(changes: ChangeDesc, previous: { from: number; to: number } | null): { from: number; to: number } {
  let from = previous ? changes.mapPos(previous.from, -1) : Number.POSITIVE_INFINITY;
  let to = previous ? changes.mapPos(previous.to, 1) : Number.NEGATIVE_INFINITY;
  changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
    from = Math.min(from, fromB);
    to = Math.max(to, toB);
  });
  return { from, to };
}

/** A reference moved past a composed change without growing: text composed at its edges stays outside it. */
function mapReference(ref: ParsedReference, changes: ChangeDesc): ParsedReference[] {
  const from = changes.mapPos(ref.from, 1);
  const to = changes.mapPos(ref.to, -1);
  return to > from ? [{ ...ref, from, to }] : [];
}

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
    return other.ref.raw === this.ref.raw && other.language === this.language && other.info.state === this.info.state && other.info.tokens === this.info.tokens && other.info.detail === this.info.detail && other.info.progress === this.info.progress;
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
      // A space between the parts (the chip lays them out with a gap; flex ignores the space), so
      // the text read from the chip is words, as its label is.
      if (chip.firstChild) chip.appendChild(document.createTextNode(' '));
      const span = chip.appendChild(document.createElement('span'));
      span.className = cls;
      span.textContent = text;
    };
    const kind = words(KIND_KEYS[this.ref.kind]);
    const name = shortName(this.ref, this.language);
    const state = words(CHIP_STATE_KEYS[this.info.state]);
    part('cm-chip-kind', kind);
    part('cm-chip-name', name);
    part('cm-chip-state', state);
    if (this.info.tokens !== null) part('cm-chip-tokens', words('ui.chip.tokens', { count: this.info.tokens }));
    else if (this.info.progress) part('cm-chip-progress', this.info.progress);
    // A button with one label a screen reader reads whole ("file greet.ts, ok, 19 tokens"), and a
    // tab stop: Enter shows its block in the preview, as a click does.
    chip.setAttribute('role', 'button');
    chip.tabIndex = 0;
    chip.setAttribute(
      'aria-label',
      this.info.tokens === null ? words('ui.chip.label', { kind, name, state }) : words('ui.chip.labelTokens', { kind, name, state, tokens: words('ui.chip.tokens', { count: this.info.tokens }) }),
    );
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
  const { composing } = value;
  for (const ref of value.refs) {
    if (ref.from === value.editing) continue;
    if (composing && ref.from < composing.to && ref.to > composing.from) continue;
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
    // A chip with keyboard focus (its tab stop): Enter or Space shows its block, before the
    // editor's keys would take them as text.
    Prec.highest(
      EditorView.domEventHandlers({
        keydown(event) {
          const chip = event.target instanceof HTMLElement && event.target.classList.contains('cm-chip') ? event.target : null;
          if (!chip?.dataset.ref || (event.key !== 'Enter' && event.key !== ' ')) return false;
          event.preventDefault();
          config.onSelect(chip.dataset.ref);
          return true;
        },
      }),
    ),
  ];
}
