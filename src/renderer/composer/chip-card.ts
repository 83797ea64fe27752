import { StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import { EditorView, hoverTooltip, keymap, showTooltip, type Tooltip } from '@codemirror/view';
import { translate, type Language } from '../../shared/i18n';
import { KIND_DESCRIPTORS } from '../../shared/kinds';
import type { ParsedReference } from '../../shared/reference';
import { IMAGE_SEND_MODES, formatReference, isImageName, withImageMode } from '../../shared/grammar';
import type { ImageSendMode } from '../../shared/reference';
import { CHIP_STATE_KEYS, KIND_KEYS } from '../i18n/code-words';
import { uiText, type UiKey } from '../i18n/said';
import { resolvingInfo } from './chip-info';
import { referencesState } from './chips';

/**
 * The chip card: the same details and actions when the pointer rests on a chip and when the
 * keyboard moves the cursor right after one: what it is, its state and tokens, and buttons to set a line
 * range (files), show its block in the preview, or remove it.
 */

/** What the card's "show in the preview" action calls. */
export interface ChipCardConfig {
  onSelect(raw: string): void;
  /** Reads every reference again (a chip that failed for a passing reason offers it). */
  /** Reads the reference `raw` again, a document without a work budget (the person asked to wait). */
  onRetry(raw: string): void;
}

/** The chip that ends at `pos` or covers it, drawn as a chip (not one being typed). */
function chipAt(state: EditorState, pos: number, side: -1 | 1 | 0): ParsedReference | null {
  const value = state.field(referencesState);
  const ref = value.refs.find((r) => (side === 0 ? r.to === pos : r.from <= pos && pos <= r.to));
  return ref && ref.from !== value.editing ? ref : null;
}

function cardDom(view: EditorView, ref: ParsedReference, config: ChipCardConfig): HTMLElement {
  const value = view.state.field(referencesState);
  const language: Language = value.language;
  const info = value.infos.get(ref.raw) ?? resolvingInfo(language);
  const words = (key: UiKey, params?: Record<string, string | number>) => translate(uiText(key, params), language);
  const card = document.createElement('div');
  card.className = 'cm-chip-card';
  card.setAttribute('role', 'group');
  card.setAttribute('aria-label', words('compose.chipCard.label', { ref: ref.raw }));
  const line = (cls: string, text: string) => {
    const p = card.appendChild(document.createElement('p'));
    p.className = cls;
    p.textContent = text;
  };
  line('cm-chip-card-title', `${words(KIND_KEYS[ref.kind])} · ${ref.raw}`);
  line('cm-chip-card-state', `${words(CHIP_STATE_KEYS[info.state])}${info.tokens !== null ? ` · ${words('ui.chip.tokens', { count: info.tokens })}` : ''}`);
  line('cm-chip-card-detail', info.detail);
  const actions = card.appendChild(document.createElement('div'));
  actions.className = 'cm-chip-card-actions';
  const button = (key: UiKey, run: () => void) => {
    const b = actions.appendChild(document.createElement('button'));
    b.type = 'button';
    b.textContent = words(key);
    // mousedown, not click: the editor would take the press first and move the cursor away.
    b.addEventListener('mousedown', (event) => {
      event.preventDefault();
      run();
    });
  };
  if (isImageReference(ref)) imageChoice(card, view, ref, words);
  else if (KIND_DESCRIPTORS[ref.kind].value === 'path-with-range') {
    button('compose.chipCard.range', () => {
      // The range is typed after a colon at the end of the path; the reference stays text until the cursor leaves it.
      // A block of cells is replaced whole: its own colons are not the range's.
      const base = ref.cells ? (formatReference('file', ref.value) ?? ref.raw) : ref.lineStart === undefined ? ref.raw : ref.raw.replace(/:[^:]*$/, '');
      const text = `${base}:`;
      view.dispatch({ changes: { from: ref.from, to: ref.to, insert: text }, selection: { anchor: ref.from + text.length }, userEvent: 'input.type' });
      view.focus();
    });
  }
  if (info.retryable) button('compose.chipCard.retry', () => config.onRetry(ref.raw));
  button('compose.chipCard.preview', () => config.onSelect(ref.raw));
  button('compose.chipCard.remove', () => {
    const end = view.state.sliceDoc(ref.to, ref.to + 1) === ' ' ? ref.to + 1 : ref.to;
    view.dispatch({ changes: { from: ref.from, to: end }, selection: { anchor: ref.from }, userEvent: 'delete' });
    view.focus();
  });
  return card;
}

/** True for a reference to an image: a pasted one, or a file named as a PNG, JPEG, WebP or GIF. */
function isImageReference(ref: ParsedReference): boolean {
  return ref.kind === 'image' || (ref.kind === 'file' && isImageName(ref.value));
}

const MODE_KEYS: Readonly<Record<ImageSendMode, UiKey>> = { text: 'compose.chipCard.sendText', image: 'compose.chipCard.sendImage', both: 'compose.chipCard.sendBoth' };

/**
 * What is sent of an image: Text, Image or Both, as three toggle buttons; pressing one writes its
 * word after the reference (`@file:shot.png:image`), pressing the chosen one again takes it away
 * (the default). The reference is the record: the preview, the draft and the run all show the choice.
 */
function imageChoice(card: HTMLElement, view: EditorView, ref: ParsedReference, words: (key: UiKey) => string): void {
  const row = card.appendChild(document.createElement('div'));
  row.className = 'cm-chip-card-send';
  row.setAttribute('role', 'group');
  const legend = row.appendChild(document.createElement('span'));
  legend.id = `cm-chip-card-send-${ref.from}`;
  legend.textContent = words('compose.chipCard.send');
  row.setAttribute('aria-labelledby', legend.id);
  for (const mode of IMAGE_SEND_MODES) {
    const b = row.appendChild(document.createElement('button'));
    b.type = 'button';
    b.textContent = words(MODE_KEYS[mode]);
    b.setAttribute('aria-pressed', String(ref.imageMode === mode));
    b.addEventListener('mousedown', (event) => {
      event.preventDefault();
      const insert = withImageMode(ref, ref.imageMode === mode ? null : mode);
      view.dispatch({ changes: { from: ref.from, to: ref.to, insert }, userEvent: 'input.imageMode' });
      view.focus();
    });
  }
  if (!ref.imageMode) {
    const note = card.appendChild(document.createElement('p'));
    note.className = 'cm-chip-card-detail';
    note.textContent = words('compose.chipCard.sendDefault');
  }
}

/** Closes the keyboard's card (Escape). */
const closeCardEffect = StateEffect.define<null>();

/** The card for the chip just before the cursor, while the editor has focus (the keyboard's hover). */
function cursorCard(config: ChipCardConfig) {
  const field = StateField.define<readonly Tooltip[]>({
    create: () => [],
    update(tooltips, tr) {
      if (tr.effects.some((e) => e.is(closeCardEffect))) return [];
      if (!tr.docChanged && !tr.selection) return tooltips;
      // Only a cursor moved by the keyboard opens it (the pointer has the hover card); typing closes it.
      const byKeyboard = !tr.docChanged && tr.isUserEvent('select') && !tr.isUserEvent('select.pointer');
      const { head, empty } = tr.state.selection.main;
      const ref = byKeyboard && empty ? chipAt(tr.state, head, 0) : null;
      if (!ref) return [];
      return [{ pos: ref.from, above: false, strictSide: false, create: (view) => ({ dom: cardDom(view, ref, config) }) }];
    },
    provide: (f) => showTooltip.computeN([f], (state) => state.field(f)),
  });
  // Escape closes the card when one is open (and only then, so Escape keeps its other uses).
  const escape = keymap.of([
    {
      key: 'Escape',
      run: (view) => view.state.field(field).length > 0 && (view.dispatch({ effects: closeCardEffect.of(null) }), true),
    },
  ]);
  return [field, escape];
}

/** The chip card extension: on hover and on keyboard focus. */
export function chipCard(config: ChipCardConfig): Extension {
  return [
    hoverTooltip((view, pos, side) => {
      const ref = chipAt(view.state, pos, side);
      return ref ? { pos: ref.from, end: ref.to, above: false, create: (v) => ({ dom: cardDom(v, ref, config) }) } : null;
    }, { hoverTime: 350 }),
    cursorCard(config),
    EditorView.baseTheme({
      '.cm-chip-card': { padding: '6px 10px', maxWidth: '380px', fontSize: '12px' },
      '.cm-chip-card p': { margin: '0 0 4px' },
      '.cm-chip-card-title': { fontWeight: '600' },
      '.cm-chip-card-actions': { display: 'flex', gap: '6px', marginTop: '6px' },
      '.cm-chip-card-send': { display: 'flex', gap: '6px', alignItems: 'center', marginTop: '6px' },
    }),
  ];
}
