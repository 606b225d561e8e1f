/**
 * Moving a page's components (and a list's items) one place up or down by keyboard: where an item goes, the
 * list after the move with positions renumbered 0..n-1 as the page stream keeps them, and which button keeps
 * the focus when the one pressed can no longer move the item (the first item's "move up").
 */

export type Direction = 'up' | 'down';

/** The index an item moves to, or null when it cannot move that way. */
export function moveTarget(length: number, index: number, direction: Direction): number | null {
  if (index < 0 || index >= length) return null;
  const to = direction === 'up' ? index - 1 : index + 1;
  return to < 0 || to >= length ? null : to;
}

/** The list with the item at `index` one place up or down; the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], index: number, direction: Direction): T[] {
  const to = moveTarget(list.length, index, direction);
  if (to === null) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}

export interface Positioned {
  id: string;
  position: number;
}

/**
 * A component moved one place: the components in their new order with their new positions, and the move (from,
 * to) the server is asked for; null when the component is unknown or already at that end.
 */
export function moveComponent<T extends Positioned>(
  components: readonly T[],
  id: string,
  direction: Direction,
): { components: T[]; from: number; to: number } | null {
  const ordered = [...components].sort((a, b) => a.position - b.position);
  const from = ordered.findIndex((c) => c.id === id);
  const to = moveTarget(ordered.length, from, direction);
  if (to === null) return null;
  const moved = moveItem(ordered, from, direction).map((c, position) => ({ ...c, position }));
  return { components: moved, from, to };
}

/**
 * The button to focus after a move: the one pressed while it can still move the item, else the other one (the
 * pressed one is disabled at the end of the list and would drop the focus to the page).
 */
export function focusAfterMove(direction: Direction, to: number, length: number): Direction {
  if (direction === 'up') return to === 0 && length > 1 ? 'down' : 'up';
  return to === length - 1 && length > 1 ? 'up' : 'down';
}
