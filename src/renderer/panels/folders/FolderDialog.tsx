import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FolderEntry, FolderListing } from '../../../shared/api/contract';
import type { ApiResult } from '../../../shared/api/result';
import { useApi, useAppStore, useAppFields } from '../../store';
import { useUi, type Said } from '../../i18n';
import { FolderCrumbs } from './FolderCrumbs';
import { listKeyAction } from './folder-list-keys';
import { RecentFolders } from './RecentFolders';
import { commonStart, joinTyped, matchingNames, splitTypedPath } from './typed-path';

/** How long typing in the path field waits before it lists the folder typed so far. */
const TYPING_PAUSE_MS = 120;

/**
 * The modal "Open folder" dialog of {@link FolderBrowser}: the listed folder's breadcrumbs, a path
 * field that completes folder names, the recent workspaces, the folders as a listbox (keys in
 * folder-list-keys.ts), and Open / Cancel. Escape closes it. A listing answered after a newer
 * request (typing on, another click) is dropped.
 */
export function FolderDialog({ onClose: closed }: { onClose(): void }) {
  const api = useApi();
  const ui = useUi();
  const store = useAppStore();
  const { recent, openWorkspace } = useAppFields('recent', 'openWorkspace');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const request = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();
  const [listing, setListing] = useState<FolderListing | null>(null);
  // A listing reached from a typed path may leave home; browsing from it keeps that freedom.
  const [typed, setTyped] = useState(false);
  const [input, setInput] = useState('');
  const [prefix, setPrefix] = useState('');
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<Said | null>(null);
  const [busy, setBusy] = useState(true);

  // The modal closes first, so the page behind it is no longer inert when focus goes back.
  const onClose = () => {
    dialogRef.current?.close();
    closed();
  };

  /** Shows the answer to request `mine`, unless a newer request replaced it; true when shown. */
  const show = useCallback((mine: number, answer: ApiResult<FolderListing>, byTyping: boolean, options: { prefix?: string; keepInput?: boolean }): boolean => {
    if (mine !== request.current) return false;
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      return false;
    }
    setError(null);
    setListing(answer.value);
    setTyped(byTyping);
    setPrefix(options.prefix ?? '');
    setActive(-1);
    if (!options.keepInput) setInput(answer.value.path);
    return true;
  }, []);

  const load = async (path: string, byTyping: boolean, options: { prefix?: string; keepInput?: boolean } = {}): Promise<boolean> => {
    const mine = ++request.current;
    setBusy(true);
    return show(mine, await api.listFolders({ path, typed: byTyping }), byTyping, options);
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    const mine = ++request.current;
    void api.listFolders({ path: '', typed: false }).then((answer) => show(mine, answer, false, {}) && listRef.current?.focus());
    return () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
    };
  }, [api, show]);

  const visible = listing ? matchingNames(listing.folders, prefix) : [];
  const chosen = active >= 0 ? visible[active] : undefined;
  // With a name being typed, Open means the folder it names (exactly, or the only match).
  const typedMatch = prefix === '' ? undefined : (visible.find((v) => v.name.normalize('NFC') === prefix.normalize('NFC')) ?? (visible.length === 1 ? visible[0] : undefined));
  const target = chosen?.path ?? (prefix === '' ? (listing?.path ?? null) : (typedMatch?.path ?? null));
  const atHome = listing !== null && listing.path === listing.home;
  const canGoUp = listing?.parent != null && (typed || !atHome);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const into = (entry: FolderEntry) => void load(entry.path, typed).then((done) => done && listRef.current?.focus());
  const up = () => canGoUp && listing?.parent && void load(listing.parent, typed);

  const openTarget = async (path: string | null) => {
    if (!path) return;
    if (await openWorkspace(path)) onClose();
    else setError(store.getState().notice?.said ?? null);
  };

  const onType = (value: string) => {
    // What is typed replaces any listing still on its way (the first one, of home, on a slow
    // host): a late answer must neither overwrite the field nor make Open mean another folder.
    ++request.current;
    setInput(value);
    setBusy(true);
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      const split = splitTypedPath(value);
      void load(split.folder, true, { prefix: split.prefix, keepInput: true });
    }, TYPING_PAUSE_MS);
  };

  const onPathKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (typingTimer.current) clearTimeout(typingTimer.current);
      const only = visible.length === 1 && prefix !== '' ? visible[0] : undefined;
      void load(only?.path ?? input, true);
    } else if (event.key === 'Tab' && !event.shiftKey && prefix !== '' && visible.length > 0) {
      // Tab completes the folder name (to the longest shared start, or the whole unique name).
      event.preventDefault();
      const { folder } = splitTypedPath(input);
      const only = visible.length === 1 ? visible[0] : undefined;
      if (only) void load(only.path, true);
      else onType(joinTyped(folder, commonStart(visible.map((v) => v.name))));
    } else if (event.key === 'ArrowDown' && visible.length > 0) {
      event.preventDefault();
      setActive(0);
      listRef.current?.focus();
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const action = listKeyAction(event, active, visible.map((v) => v.name));
    if (!action) return;
    event.preventDefault();
    if (action.type === 'move') setActive(action.to);
    else if (action.type === 'into') {
      if (chosen) into(chosen);
    } else up();
  };

  const titleId = `${id}-title`;
  return (
    <dialog
      ref={dialogRef}
      className="folder-browser"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{ui.t('ui.folderBrowser.title')}</h2>
      <label className="folder-path">
        {ui.t('ui.folderBrowser.pathLabel')}
        <input
          value={input}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onPathKey}
          spellCheck={false}
          autoComplete="off"
          aria-autocomplete="list"
          aria-controls={`${id}-folders`}
          aria-describedby={`${id}-path-hint`}
        />
      </label>
      <p id={`${id}-path-hint`} className="muted small">
        {ui.t('ui.folderBrowser.pathHint')}
      </p>
      <div className="folder-nav">
        <button type="button" onClick={() => void load('', false)}>
          {ui.t('ui.folderBrowser.home')}
        </button>
        <button type="button" onClick={up} disabled={!canGoUp}>
          {ui.t('ui.folderBrowser.up')}
        </button>
        <FolderCrumbs listing={listing} onGo={(path) => void load(path, typed)} />
      </div>
      <div className="folder-panes">
        <RecentFolders recent={recent} onOpen={(path) => void openTarget(path)} />
        <ul
          ref={listRef}
          id={`${id}-folders`}
          className="folder-list"
          role="listbox"
          tabIndex={0}
          aria-label={ui.t('ui.folderBrowser.foldersLabel')}
          aria-activedescendant={chosen ? `${id}-option-${active}` : undefined}
          aria-busy={busy}
          aria-describedby={`${id}-keys`}
          onKeyDown={onListKey}
        >
          {visible.map((entry, i) => (
            <li
              key={entry.path}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              onClick={() => setActive(i)}
              onDoubleClick={() => into(entry)}
            >
              {entry.name}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-keys`} className="muted small">
        {ui.t('ui.folderBrowser.keys')}
      </p>
      {listing && visible.length === 0 && !busy && (
        <p className="muted">{prefix ? ui.t('ui.folderBrowser.noMatch', { prefix }) : ui.t('ui.folderBrowser.empty')}</p>
      )}
      {listing?.truncated && <p className="muted">{ui.t('ui.folderBrowser.truncated', { n: listing.folders.length })}</p>}
      {error && (
        <p role="alert" className="folder-error">
          {ui.say(error)}
        </p>
      )}
      <div className="folder-actions">
        <span className="muted small">{target ? ui.t('ui.folderBrowser.willOpen', { path: target }) : ui.t('ui.folderBrowser.loading')}</span>
        <button type="button" className="primary" disabled={!target || busy} onClick={() => void openTarget(target)}>
          {ui.t('ui.folderBrowser.open')}
        </button>
        <button type="button" onClick={onClose}>
          {ui.t('ui.folderBrowser.cancel')}
        </button>
      </div>
    </dialog>
  );
}
