import { useEffect, useRef } from 'react';
import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { useApi, useAppStore } from '../store';
import { chipInfos } from './chip-info';
import { chips, setChipInfoEffect } from './chips';
import { referenceCompletion } from './completion';
import { fileDrop } from './drop';
import { composerTheme } from './theme';

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** Mod-Enter: what Send does. */
  onSubmit(): void;
}

/**
 * The prompt editor: CodeMirror owns the document and the reference ranges; the store owns the
 * resolved state. They meet here: document changes go to the store, chip states come back as effects.
 */
export function Composer({ onSubmit }: ComposerProps) {
  const api = useApi();
  const store = useAppStore();
  const parent = useRef<HTMLDivElement>(null);
  const submit = useRef(onSubmit);
  useEffect(() => {
    submit.current = onSubmit;
  });

  useEffect(() => {
    const actions = store.getState();
    const view = new EditorView({
      parent: parent.current as HTMLDivElement,
      state: EditorState.create({
        doc: actions.text,
        extensions: [
          history(),
          keymap.of([{ key: 'Mod-Enter', run: () => (submit.current(), true) }, ...completionKeymap, ...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': 'Prompt', 'aria-describedby': 'prompt-help' }),
          placeholder('Write a prompt. Type @ to attach a file, a folder, git changes or a web page.'),
          autocompletion({ override: [referenceCompletion(api)], icons: false, activateOnTyping: true }),
          chips({ onSelect: (raw) => store.getState().selectRef(raw) }),
          fileDrop({
            api,
            openFolder: (path) => void store.getState().openWorkspace(path),
            notify: (kind, text) => store.getState().notify(kind, text),
            granted: () => store.getState().refresh(),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) store.getState().setText(update.state.doc.toString());
          }),
          composerTheme,
        ],
      }),
    });
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.result !== previous.result || state.progress !== previous.progress) {
        view.dispatch({ effects: setChipInfoEffect.of(chipInfos(state.result, state.progress)) });
      }
    });
    view.dispatch({ effects: setChipInfoEffect.of(chipInfos(store.getState().result, store.getState().progress)) });
    return () => {
      unsubscribe();
      view.destroy();
    };
  }, [api, store]);

  return (
    <>
      <div ref={parent} className="composer" />
      <p id="prompt-help" className="help">
        Type @ for files, folders and git changes · Alt+Enter shows the block of the chip at the cursor · Ctrl+Enter sends
      </p>
    </>
  );
}
