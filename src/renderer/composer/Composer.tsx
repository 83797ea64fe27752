import { useEffect, useLayoutEffect, useRef } from 'react';
import { acceptCompletion, completionKeymap, completionStatus } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { Compartment, EditorState, type Extension, type StateEffect } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { translate, type Language } from '../../shared/i18n';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { currentLanguage, uiText, useUi } from '../i18n';
import { useApi, useAppStore, type AppState } from '../store';
import { chipInfos } from './chip-info';
import { chips, setChipInfoEffect } from './chips';
import { pickAsShown, referenceCompletion } from './completion';
import { fileDrop } from './drop';
import { chipCard } from './chip-card';
import { cjkSpace } from './cjk-space';
import { imeComposition, imeSafeKeys } from './ime';
import { composerTheme } from './theme';

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** Mod-Enter: what Send does. */
  onSubmit(): void;
}

/** The editor's own words (its accessible name and placeholder), swapped when the language changes. */
function editorWords(language: Language): Extension {
  const words = (key: 'ui.composer.label' | 'ui.composer.placeholder') => translate(uiText(key), language);
  return [EditorView.contentAttributes.of({ 'aria-label': words('ui.composer.label'), 'aria-describedby': 'prompt-help' }), placeholder(words('ui.composer.placeholder'))];
}

function chipEffect(state: AppState, language: Language) {
  return setChipInfoEffect.of({ infos: chipInfos(state.result, state.progress, language, state.units), language });
}

/**
 * Tab accepts the highlighted completion. While a list is open or coming, a Tab that CodeMirror
 * does not take as a pick (pressed within its 75 ms of the list changing) is held in the editor
 * rather than moving focus away mid-reference; with no list, Tab moves focus as usual.
 */
function acceptOrHold(view: EditorView): boolean {
  return acceptCompletion(view) || completionStatus(view.state) !== null;
}

/**
 * The prompt editor: CodeMirror owns the document and the reference ranges; the store owns the
 * resolved state. They meet here: document changes go to the store, chip states come back as effects.
 */
export function Composer({ onSubmit }: ComposerProps) {
  const api = useApi();
  const store = useAppStore();
  const ui = useUi();
  const parent = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const words = useRef(new Compartment());
  /** The language the editor's words are in (see the language effect below). */
  const wordsLanguage = useRef<Language | null>(null);
  const submit = useRef(onSubmit);
  useEffect(() => {
    submit.current = onSubmit;
  });

  // A layout effect: the editor is made in the commit that draws the window, so the first frame
  // holds it and it takes keys then. As a passive effect it came a frame or more later, after the
  // browser had drawn an empty composer once (issue 27: start -> interactive).
  useLayoutEffect(() => {
    const actions = store.getState();
    wordsLanguage.current = currentLanguage();
    const editor = new EditorView({
      parent: parent.current as HTMLDivElement,
      state: EditorState.create({
        doc: actions.text,
        extensions: [
          history(),
          // While an IME composes, Enter and Mod-Enter commit the composition: no binding runs.
          keymap.of(imeSafeKeys([{ key: 'Mod-Enter', run: () => (submit.current(), true) }, { key: 'Tab', run: (v) => pickAsShown(v) || acceptOrHold(v) }, { key: 'Enter', run: pickAsShown }, ...completionKeymap, ...defaultKeymap, ...historyKeymap])),
          imeComposition(),
          cjkSpace(),
          EditorView.lineWrapping,
          words.current.of(editorWords(wordsLanguage.current)),
          // The completion keys are bound above, IME-safe, instead of by autocompletion itself.
          referenceCompletion({ api, language: currentLanguage, maxReferenceBytes: () => store.getState().settings?.limits.maxReferenceBytes ?? DEFAULT_LIMITS.maxReferenceBytes }),
          chips({ onSelect: (raw) => store.getState().selectRef(raw) }),
          chipCard({ onSelect: (raw) => store.getState().selectRef(raw), onRetry: (raw) => store.getState().retryRef(raw) }),
          fileDrop({
            api,
            openFolder: (path) => void store.getState().openWorkspace(path),
            notify: (kind, said, cause) => store.getState().notify(kind, said, undefined, cause),
            granted: () => store.getState().refresh(),
            keepImages: (files) => store.getState().keepImages(files),
          }),
          EditorView.updateListener.of((update) => {
            // The completion list scrolls when it is long, and a list that scrolls must be reachable
            // by keyboard (axe's scrollable-region-focusable). While it is open Tab picks a row
            // (acceptOrHold), so the tab stop never takes focus from the editor in practice.
            const list = update.view.dom.querySelector<HTMLElement>('.cm-tooltip-autocomplete > ul');
            if (list && list.tabIndex !== 0) list.tabIndex = 0;
            if (update.docChanged) store.getState().setText(update.state.doc.toString());
            // Where the cursor is, when the editor has focus: a reference being typed there shows no warning yet.
            if (update.docChanged || update.selectionSet || update.focusChanged) {
              store.getState().setCursor(update.view.hasFocus ? update.state.selection.main.head : null);
            }
          }),
          composerTheme,
        ],
      }),
    });
    view.current = editor;
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.result !== previous.result || state.progress !== previous.progress || state.units !== previous.units) editor.dispatch({ effects: chipEffect(state, currentLanguage()) });
      // A quick fix from the Warnings panel: applied as an edit of the person's, so Undo takes it back.
      const edit = state.pendingEdit;
      if (edit && edit !== previous.pendingEdit && edit.to <= editor.state.doc.length) {
        editor.dispatch({ changes: { from: edit.from, to: edit.to, insert: edit.insert }, selection: { anchor: edit.from + edit.insert.length }, userEvent: 'input.quickfix' });
        editor.focus();
      }
    });
    return () => {
      unsubscribe();
      editor.destroy();
      view.current = null;
    };
  }, [api, store]);

  // The language changed (or the editor was just made): redraw the chips and the editor's words.
  // Words already in this language are left: reconfiguring rebuilds the editor's whole
  // configuration, 13 ms of the first frame's effects on the loaded machine (issue 27).
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const effects: StateEffect<unknown>[] = [chipEffect(store.getState(), ui.language)];
    if (wordsLanguage.current !== ui.language) effects.push(words.current.reconfigure(editorWords(ui.language)));
    wordsLanguage.current = ui.language;
    editor.dispatch({ effects });
  }, [store, ui.language]);

  return (
    <>
      <div ref={parent} className="composer" />
      <p id="prompt-help" className="help">
        {ui.t('ui.composer.help')}
      </p>
    </>
  );
}
