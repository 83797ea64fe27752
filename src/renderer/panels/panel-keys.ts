import { useEffect, useRef, type KeyboardEvent } from 'react';

/**
 * Keyboard first for the side panels (Settings, History): the panel takes focus when it opens, so
 * Tab walks its controls next, and Escape inside it closes it, unless something inside already used
 * the key (an open select, a completion list). Closing gives focus back to what opened it.
 */
export function usePanelKeys<T extends HTMLElement>(close: () => void) {
  const ref = useRef<T>(null);
  useEffect(() => {
    // Whatever had focus when the panel opened (its button, usually) gets it back when it closes,
    // so Escape does not drop the person at the top of the page.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };
  return { ref, onKeyDown, tabIndex: -1 };
}
