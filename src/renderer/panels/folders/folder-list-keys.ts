/** The keys of an event that {@link listKeyAction} reads. */
export interface ListKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** What a key pressed in the folder list does: move the active option, enter it, go up, or nothing. */
export type ListKeyAction = { type: 'move'; to: number } | { type: 'into' } | { type: 'up' } | null;

/**
 * What `event` does in a listbox of folders named `names` whose active option is `active` (-1:
 * none): the arrows, Home and End move (within the list); Enter or → enters the active folder;
 * Backspace or ← goes up; a letter moves to the next folder starting with it (type-ahead, wrapping).
 */
export function listKeyAction(event: ListKey, active: number, names: readonly string[]): ListKeyAction {
  const last = names.length - 1;
  const move = (to: number): ListKeyAction => ({ type: 'move', to: Math.max(0, Math.min(last, to)) });
  switch (event.key) {
    case 'ArrowDown':
      return move(active + 1);
    case 'ArrowUp':
      return move(active - 1);
    case 'Home':
      return move(0);
    case 'End':
      return move(last);
    case 'Enter':
    case 'ArrowRight':
      return active >= 0 && active <= last ? { type: 'into' } : null;
    case 'Backspace':
    case 'ArrowLeft':
      return { type: 'up' };
  }
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return null;
  const letter = event.key.toLocaleLowerCase();
  const order = names.map((_, i) => (active + 1 + i) % names.length);
  const next = order.find((i) => names[i]?.toLocaleLowerCase().startsWith(letter));
  return next === undefined ? null : move(next);
}
