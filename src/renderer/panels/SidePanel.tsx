import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useUi } from '../i18n';
import { useApp, useAppFields } from '../store';
import type { SideTab } from '../store/layout-slice';
import { Preview } from './Preview';
import { referenceBeingTyped, settledNearMisses, settledWarnings } from './typing';
import { Warnings, NO_WARNINGS } from './Warnings';

const TABS: readonly SideTab[] = ['preview', 'warnings'];

/** The id of a tab's button; its panel's id is the tab's name plus `-panel`. */
export const tabId = (tab: SideTab) => `${tab}-tab`;

/** The number of warnings the Warnings tab shows now (those of a reference still being typed wait). */
export function useWarningCount(): number {
  const all = useApp((s) => s.result?.warnings ?? NO_WARNINGS);
  const typing = useApp((s) => referenceBeingTyped(s.text, s.cursor));
  const { text, cursor } = useAppFields('text', 'cursor');
  return useMemo(() => settledWarnings(all, typing).length + settledNearMisses(text, cursor).length, [all, typing, text, cursor]);
}

/**
 * The side panel: Preview and Warnings as two tabs (the WAI-ARIA tabs pattern: arrow keys move
 * between tabs, Tab goes into the panel). Collapsed, it leaves the conversation the whole width;
 * Mod+. (App) or the header's button brings it back.
 */
export function SidePanel() {
  const ui = useUi();
  const { sideOpen: open, sideTab: tab, showSide, setSideOpen } = useAppFields('sideOpen', 'sideTab', 'showSide', 'setSideOpen');
  const count = useWarningCount();
  const list = useRef<HTMLDivElement>(null);
  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length] as SideTab;
    showSide(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <aside id="side-panel" className="side-panel" aria-label={ui.t('ui.side.label')}>
      <div className="side-tabs">
        <div role="tablist" ref={list} aria-label={ui.t('ui.side.label')} onKeyDown={onKeyDown}>
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={tabId(name)}
              aria-selected={tab === name}
              aria-controls={`${name}-panel`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => showSide(name)}
            >
              {name === 'preview' ? ui.t('ui.preview.title') : ui.t('ui.warnings.title')}
              {name === 'warnings' && count > 0 && <span className="count"> ({ui.number(count)})</span>}
            </button>
          ))}
        </div>
        <button type="button" className="link side-collapse" onClick={() => setSideOpen(false)} title={ui.t('ui.side.keyHint')}>
          {ui.t('ui.side.collapse')}
        </button>
      </div>
      <Preview hidden={tab !== 'preview'} />
      <Warnings hidden={tab !== 'warnings'} />
    </aside>
  );
}
