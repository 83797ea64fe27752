import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { CompletionItem } from '../../shared/api/contract';
import { formatReference } from '../../shared/grammar';
import { formatBytes } from '../../shared/i18n';
import { useUi } from '../i18n';
import { useApi, useAppStore } from '../store';

type PathItem = Extract<CompletionItem, { type: 'path' }>;

let requests = 0;

/**
 * The Attach button beside the composer and its picker: a dialog with a search field over the
 * workspace's files (documents welcome), the matches as options of a listbox. Picking one puts an
 * `@file:` reference into the prompt, where it becomes a chip; the dialog stays open for more.
 */
export function AttachButton() {
  const ui = useUi();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={opener} className="attach" onClick={() => setOpen(true)} title={ui.t('ui.attach.title')}>
        {ui.t('ui.attach.button')}
      </button>
      {open && (
        <AttachDialog
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      )}
    </>
  );
}

function AttachDialog({ onClose }: { onClose(): void }) {
  const ui = useUi();
  const api = useApi();
  const store = useAppStore();
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<PathItem[]>([]);
  const [active, setActive] = useState(0);
  const [added, setAdded] = useState<string[]>([]);
  const listId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);

  // The workspace's files matching the query (the same fuzzy index as completion).
  useEffect(() => {
    const requestId = `attach-${++requests}`;
    let live = true;
    void api.complete({ requestId, source: 'file', query, limit: 50 }).then((answer) => {
      if (!live || !answer.ok) return;
      setItems(answer.value.filter((i): i is PathItem => i.type === 'path' && i.kind === 'file'));
      setActive(0);
    });
    return () => {
      live = false;
      void api.cancel({ requestId });
    };
  }, [api, query]);

  const pick = (item: PathItem | undefined) => {
    if (!item || item.binary) return;
    const reference = formatReference('file', item.path) ?? `@file:${item.path}`;
    const text = store.getState().text;
    const gap = text === '' || /\s$/.test(text) ? '' : ' ';
    store.getState().applyEdit({ from: text.length, to: text.length, insert: `${gap}${reference} ` });
    setAdded((a) => [...a, item.path]);
    // The prompt took focus for the edit; the picker keeps it while it is open.
    requestAnimationFrame(() => dialog.current?.querySelector<HTMLInputElement>('input')?.focus());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((a) => Math.min(items.length - 1, a + 1));
    else if (event.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (event.key === 'Enter') pick(items[active]);
    else return;
    event.preventDefault();
  };

  return (
    <dialog ref={dialog} className="attach-picker" aria-labelledby={`${listId}-title`} onClose={onClose} onCancel={onClose}>
      <h2 id={`${listId}-title`}>{ui.t('ui.attach.dialog')}</h2>
      <input
        type="search"
        aria-label={ui.t('ui.attach.search')}
        placeholder={ui.t('ui.attach.search')}
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={items[active] ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={ui.t('ui.attach.files')} className="attach-list" tabIndex={-1}>
        {items.map((item, i) => (
          <li
            key={item.path}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            aria-disabled={item.binary === true}
            className={item.binary ? 'disabled' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(item)}
          >
            <span className="attach-path">{item.path}</span>
            <span className="muted">{item.size === null ? '' : formatBytes(item.size, ui.language)}</span>
          </li>
        ))}
      </ul>
      {items.length === 0 && <p className="muted small">{ui.t('ui.attach.none')}</p>}
      <div className="attach-actions">
        <span className="muted small" role="status">
          {added.length > 0 ? ui.t('ui.attach.added', { count: added.length }) : ''}
        </span>
        <button type="button" className="primary" onClick={() => dialog.current?.close()}>
          {ui.t('ui.attach.done')}
        </button>
      </div>
    </dialog>
  );
}
