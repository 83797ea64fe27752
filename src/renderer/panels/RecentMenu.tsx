import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useUi } from '../i18n';
import { useAppFields } from '../store';

/** The last part of a path, as a workspace's name (either separator: the host may be Windows). */
export function folderName(root: string): string {
  const parts = root.split(/[\\/]+/).filter((p) => p !== '');
  return parts.at(-1) ?? root;
}

/**
 * The recent workspaces as a menu of their names (the WAI-ARIA menu button pattern): the full
 * path shows on hover and is each item's description. Arrow keys move, Enter opens, Escape closes
 * and gives focus back to the button.
 */
export function RecentMenu() {
  const ui = useUi();
  const { recent, openWorkspace } = useAppFields('recent', 'openWorkspace');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    // A click anywhere else closes it.
    const close = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node) && event.target !== button.current) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  if (recent.length === 0) return null;

  const choose = (root: string) => {
    setOpen(false);
    button.current?.focus();
    void openWorkspace(root);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      setOpen(false);
      if (event.key === 'Escape') button.current?.focus();
      if (event.key === 'Tab') return;
    } else return;
    event.preventDefault();
  };

  return (
    <div className="recent-menu">
      <button
        type="button"
        ref={button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'recent-menu-list' : undefined}
        aria-label={ui.t('ui.workspace.recent')}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {ui.t('ui.workspace.recentPlaceholder')}
      </button>
      {open && (
        <ul role="menu" id="recent-menu-list" ref={menu} aria-label={ui.t('ui.workspace.recent')} onKeyDown={onKeyDown}>
          {recent.map((root) => (
            <li key={root} role="menuitem" tabIndex={-1} title={root} onClick={() => choose(root)} onKeyDown={(e) => e.key === 'Enter' && choose(root)}>
              <span className="recent-name">{folderName(root)}</span>
              <span className="recent-path" aria-hidden="true">
                {root}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
