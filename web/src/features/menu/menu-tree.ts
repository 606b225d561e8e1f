/**
 * The menu tree as the editor holds it, and the moves an item can make from where it stands. Pure: the screen
 * renders what these return, and applies a move locally (as `evolveMenu` of contracts/src/menu/state.ts does on
 * the server) before the server confirms it.
 */

export interface EditorItem {
  id: string;
  parentId: string | null;
  /** the server's position among all the parent's children (0-based); a viewer may not see every sibling */
  position: number;
  name: string;
  description: string | null;
  pageId: string | null;
  /** the linked page's path, when the item links to a live page */
  pagePath: string | null;
  url: string | null;
  blank: boolean;
  color: string | null;
  alignsNextRight: boolean;
  requiresAuth: boolean;
  roles: string[];
  accessLevel: string | null;
  /** If-Match of the item's commands: the `menu-main` revision of its last own change */
  version: string;
}

export interface TreeNode {
  item: EditorItem;
  children: TreeNode[];
  /** 1 for the top level */
  depth: number;
}

const byPosition = (a: EditorItem, b: EditorItem) => a.position - b.position || a.id.localeCompare(b.id);

/** The items the editor lists, nested under their parents, siblings in position order. */
export function buildTree(items: readonly EditorItem[]): TreeNode[] {
  const byParent = new Map<string | null, EditorItem[]>();
  for (const item of items) byParent.set(item.parentId, [...(byParent.get(item.parentId) ?? []), item]);
  const level = (parentId: string | null, depth: number, seen: Set<string>): TreeNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((item) => !seen.has(item.id))
      .sort(byPosition)
      .map((item) => ({
        item,
        depth,
        children: level(item.id, depth + 1, new Set([...seen, item.id])),
      }));
  return level(null, 1, new Set());
}

export function siblingsOf(items: readonly EditorItem[], parentId: string | null): EditorItem[] {
  return items.filter((i) => i.parentId === parentId).sort(byPosition);
}

export type MoveKind = 'up' | 'down' | 'into' | 'out';
export const MOVE_KINDS: readonly MoveKind[] = ['up', 'down', 'into', 'out'];

/**
 * Where a move sends an item, as POST /app-menu-items/{id}/move takes it: the new parent and the position
 * there (absent: after the last child). `relativeTo` names the item the move is described by (the sibling it
 * passes, the new parent, the parent it leaves).
 */
export interface MoveTarget {
  kind: MoveKind;
  parent: string | null;
  position?: number;
  relativeTo: EditorItem;
}

/**
 * The moves an item can make: up and down among its siblings, into the sibling above it (as its last child),
 * out of its parent (right after it). Positions are the server's, so siblings the viewer cannot see keep
 * their places.
 */
export function possibleMoves(
  items: readonly EditorItem[],
  id: string,
): Partial<Record<MoveKind, MoveTarget>> {
  const item = items.find((i) => i.id === id);
  if (!item) return {};
  const siblings = siblingsOf(items, item.parentId);
  const index = siblings.findIndex((s) => s.id === id);
  const before = siblings[index - 1];
  const after = siblings[index + 1];
  const parent = item.parentId === null ? undefined : items.find((i) => i.id === item.parentId);
  const moves: Partial<Record<MoveKind, MoveTarget>> = {};
  if (before) {
    moves.up = { kind: 'up', parent: item.parentId, position: before.position, relativeTo: before };
    moves.into = { kind: 'into', parent: before.id, relativeTo: before };
  }
  if (after)
    moves.down = { kind: 'down', parent: item.parentId, position: after.position, relativeTo: after };
  if (parent) {
    moves.out = { kind: 'out', parent: parent.parentId, position: parent.position + 1, relativeTo: parent };
  }
  return moves;
}

/**
 * The items after the move, positions shifted as the server shifts them: the siblings after the old place
 * move up one, those at or after the new place in the new parent move down one.
 */
export function applyMove(
  items: readonly EditorItem[],
  id: string,
  target: Pick<MoveTarget, 'parent' | 'position'>,
): EditorItem[] {
  const item = items.find((i) => i.id === id);
  if (!item) return [...items];
  const others = items.filter((i) => i.id !== id);
  const lastInTarget = Math.max(
    -1,
    ...others.filter((i) => i.parentId === target.parent).map((i) => i.position),
  );
  const toPosition = target.position ?? lastInTarget + 1;
  return items.map((i) => {
    if (i.id === id) return { ...i, parentId: target.parent, position: toPosition };
    let position = i.position;
    if (i.parentId === item.parentId && position > item.position) position -= 1;
    if (i.parentId === target.parent && position >= toPosition) position += 1;
    return position === i.position ? i : { ...i, position };
  });
}

/** The items after a delete: the item and everything below it gone, the siblings after it moved up one. */
export function applyDelete(items: readonly EditorItem[], id: string): EditorItem[] {
  const item = items.find((i) => i.id === id);
  if (!item) return [...items];
  const gone = new Set(subtreeIds(items, id));
  return items
    .filter((i) => !gone.has(i.id))
    .map((i) =>
      i.parentId === item.parentId && i.position > item.position ? { ...i, position: i.position - 1 } : i,
    );
}

/** The item and all its descendants, parents first. */
export function subtreeIds(items: readonly EditorItem[], id: string): string[] {
  const out = [id];
  for (let i = 0; i < out.length; i++)
    for (const child of items.filter((c) => c.parentId === out[i])) out.push(child.id);
  return out;
}

/** Where an item stands, for announcements: its rank among the siblings the viewer sees, and its parent. */
export interface Placement {
  index: number;
  count: number;
  parent: EditorItem | null;
  depth: number;
}

export function placementOf(items: readonly EditorItem[], id: string): Placement | null {
  const item = items.find((i) => i.id === id);
  if (!item) return null;
  const byId = new Map(items.map((i) => [i.id, i]));
  const parentOf = (i: EditorItem) => (i.parentId === null ? undefined : byId.get(i.parentId));
  const siblings = siblingsOf(items, item.parentId);
  let depth = 1;
  const seen = new Set([item.id]);
  for (let p = parentOf(item); p && !seen.has(p.id); p = parentOf(p)) {
    seen.add(p.id);
    depth += 1;
  }
  return {
    index: siblings.findIndex((s) => s.id === id) + 1,
    count: siblings.length,
    parent: parentOf(item) ?? null,
    depth,
  };
}

/**
 * After a move the same button keeps the focus when it still applies; otherwise the move that undoes it is the
 * most useful next one (down after the last up), then any other.
 */
const FOCUS_ORDER: Record<MoveKind, MoveKind[]> = {
  up: ['up', 'down', 'into', 'out'],
  down: ['down', 'up', 'into', 'out'],
  into: ['into', 'out', 'up', 'down'],
  out: ['out', 'into', 'up', 'down'],
};

export function moveToFocusAfter(
  moves: Partial<Record<MoveKind, MoveTarget>>,
  done: MoveKind,
): MoveKind | null {
  return FOCUS_ORDER[done].find((kind) => moves[kind]) ?? null;
}
