import type { MenuEvent, MenuItemFields } from './events.ts';

export interface MenuItemState extends MenuItemFields {
  id: string;
  parentId: string | null;
  /** 0-based, contiguous among the children of one parent */
  position: number;
  /** revision of `menu-main` at this item's last own change: what If-Match compares with */
  version: bigint;
}

/** The whole menu tree lives in one stream (`menu-main`): tree invariants need to see every item. */
export interface MenuState {
  /** revision of the last event folded (-1 before the first) */
  version: bigint;
  items: ReadonlyMap<string, MenuItemState>;
  /** ids of deleted items: never reused, so an old link cannot start pointing at a new item */
  removedIds: ReadonlySet<string>;
}

export const initialMenuState = (): MenuState => ({ version: -1n, items: new Map(), removedIds: new Set() });

export function childrenOf(state: MenuState, parentId: string | null): MenuItemState[] {
  return [...state.items.values()]
    .filter((i) => i.parentId === parentId)
    .sort((a, b) => a.position - b.position);
}

/** The item and everything below it, parents before children. */
export function subtreeIds(state: MenuState, id: string): string[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const child of childrenOf(state, out[i]!)) out.push(child.id);
  return out;
}

function shift(
  items: Map<string, MenuItemState>,
  parentId: string | null,
  from: number,
  delta: 1 | -1,
  skipId?: string,
): void {
  for (const item of items.values()) {
    if (item.parentId === parentId && item.position >= from && item.id !== skipId) {
      items.set(item.id, { ...item, position: item.position + delta });
    }
  }
}

export function evolveMenu(state: MenuState, event: MenuEvent): MenuState {
  const version = state.version + 1n;
  const items = new Map(state.items);
  switch (event.type) {
    case 'AppMenuItemCreated': {
      const { id, parentId, position, ...fields } = event.data;
      shift(items, parentId, position, 1);
      items.set(id, { ...fields, id, parentId, position, version });
      return { ...state, version, items };
    }
    case 'AppMenuItemUpdated': {
      const current = items.get(event.data.id);
      if (current) items.set(current.id, { ...current, ...event.data, version });
      return { ...state, version, items };
    }
    case 'AppMenuItemMoved': {
      const { id, fromParentId, fromPosition, toParentId, toPosition } = event.data;
      const current = items.get(id);
      if (!current) return { ...state, version };
      shift(items, fromParentId, fromPosition + 1, -1, id);
      shift(items, toParentId, toPosition, 1, id);
      items.set(id, { ...current, parentId: toParentId, position: toPosition, version });
      return { ...state, version, items };
    }
    case 'AppMenuItemDeleted': {
      const { parentId, position, deletedIds } = event.data;
      for (const removed of deletedIds) items.delete(removed);
      shift(items, parentId, position + 1, -1);
      return { ...state, version, items, removedIds: new Set([...state.removedIds, ...deletedIds]) };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
