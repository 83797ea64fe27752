import { useEffect, useRef, type KeyboardEvent } from 'react';

/**
 * Keyboard first for the side panels (Settings, History): the panel takes focus when it opens, so
 * Tab walks its controls next, and Escape inside it closes it, unless something inside already used
 * the key (an open select, a completion list).
 */
export function usePanelKeys<T extends HTMLElement>(close: () => void) {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };
  return { ref, onKeyDown, tabIndex: -1 };
}
