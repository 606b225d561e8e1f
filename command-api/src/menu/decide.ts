import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { MenuEvent, MenuItemFields } from '@platform/contracts/menu/events';
import type { Command, Decider } from '../decider.ts';
import {
  childrenOf,
  evolveMenu,
  initialMenuState,
  subtreeIds,
  type MenuItemState,
  type MenuState,
} from '@platform/contracts/menu/state';

/** `expectedVersion` is the item's version the caller last saw (If-Match); it guards that item only. */
export type CreateAppMenuItem = Command<
  'CreateAppMenuItem',
  MenuItemFields & { id: string; parentId: string | null; position?: number }
>;
export type UpdateAppMenuItem = Command<
  'UpdateAppMenuItem',
  {
    id: string;
    changes: Partial<MenuItemFields>;
    /** `parentId` undefined keeps the current parent (a PATCH that only changes the position) */
    move?: { parentId?: string | null; position?: number };
    expectedVersion?: bigint;
  }
>;
export type MoveAppMenuItem = Command<
  'MoveAppMenuItem',
  { id: string; parentId: string | null; position?: number; expectedVersion?: bigint }
>;
export type DeleteAppMenuItem = Command<'DeleteAppMenuItem', { id: string; expectedVersion?: bigint }>;
export type MenuCommand = CreateAppMenuItem | UpdateAppMenuItem | MoveAppMenuItem | DeleteAppMenuItem;

const PARENT = '/data/relationships/parent/data';
const POSITION = '/data/attributes/position';

function requireItem(state: MenuState, id: string, expectedVersion?: bigint): MenuItemState {
  const item = state.items.get(id);
  if (!item) throw new NotFoundError(`app-menu-item ${id} not found`);
  if (expectedVersion !== undefined && expectedVersion !== item.version) {
    throw new ConflictError(
      'conflict.wrong_expected_version',
      `app-menu-item ${id} is at version ${item.version}, not ${expectedVersion}: reload it and try again`,
    );
  }
  return item;
}

function requireParent(state: MenuState, parentId: string | null): void {
  if (parentId !== null && !state.items.has(parentId)) {
    throw ValidationError.at(PARENT, `parent app-menu-item ${parentId} does not exist`);
  }
}

/** Linking to a page and to a URL at once is ambiguous; an item with neither is a heading for its children. */
function requireOneLink(fields: Pick<MenuItemFields, 'pageId' | 'url'>): void {
  if (fields.pageId !== null && fields.url !== null) {
    throw ValidationError.at('/data/attributes/url', 'a menu item links to a page or to a URL, not both');
  }
}

function requirePosition(position: number, max: number): number {
  if (position > max) throw ValidationError.at(POSITION, `position must be between 0 and ${max}`);
  return position;
}

export function createMenuItem(command: CreateAppMenuItem, state: MenuState): MenuEvent[] {
  const { id, parentId, position, ...fields } = command.data;
  if (state.items.has(id) || state.removedIds.has(id)) {
    throw new ConflictError('conflict.duplicate_id', `app-menu-item ${id} already exists`, '/data/id');
  }
  requireParent(state, parentId);
  requireOneLink(fields);
  const siblings = childrenOf(state, parentId).length;
  return [
    {
      type: 'AppMenuItemCreated',
      data: { ...fields, id, parentId, position: requirePosition(position ?? siblings, siblings) },
    },
  ];
}

export function moveMenuItem(command: MoveAppMenuItem, state: MenuState): MenuEvent[] {
  const { id, parentId, position, expectedVersion } = command.data;
  const item = requireItem(state, id, expectedVersion);
  requireParent(state, parentId);
  if (parentId !== null && subtreeIds(state, id).includes(parentId)) {
    throw ValidationError.at(
      PARENT,
      'an app-menu-item cannot be moved under itself or one of its descendants',
    );
  }
  const sameParent = parentId === item.parentId;
  const siblings = childrenOf(state, parentId).length;
  const max = sameParent ? siblings - 1 : siblings;
  const toPosition = requirePosition(position ?? max, max);
  if (sameParent && toPosition === item.position) return [];
  return [
    {
      type: 'AppMenuItemMoved',
      data: {
        id,
        fromParentId: item.parentId,
        fromPosition: item.position,
        toParentId: parentId,
        toPosition,
      },
    },
  ];
}

const FIELD_NAMES: (keyof MenuItemFields)[] = [
  'name',
  'description',
  'pageId',
  'url',
  'blank',
  'color',
  'alignsNextRight',
  'requiresAuth',
  'roles',
  'accessLevel',
];

function sameValue(a: unknown, b: unknown): boolean {
  return Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((v, i) => v === b[i])
    : a === b;
}

export function updateMenuItem(command: UpdateAppMenuItem, state: MenuState): MenuEvent[] {
  const { id, changes, move, expectedVersion } = command.data;
  const item = requireItem(state, id, expectedVersion);
  const next = Object.fromEntries(
    FIELD_NAMES.map((name) => [name, changes[name] === undefined ? item[name] : changes[name]]),
  ) as unknown as MenuItemFields;
  requireOneLink(next);
  const events: MenuEvent[] = [];
  if (FIELD_NAMES.some((name) => !sameValue(next[name], item[name]))) {
    events.push({ type: 'AppMenuItemUpdated', data: { ...next, id } });
  }
  if (move) {
    const parentId = move.parentId === undefined ? item.parentId : move.parentId;
    const moveCommand: MoveAppMenuItem = {
      type: 'MoveAppMenuItem',
      data: { id, parentId, position: move.position },
      metadata: command.metadata,
    };
    events.push(...moveMenuItem(moveCommand, state));
  }
  return events;
}

/** Deleting a parent deletes its whole subtree: an orphan has no place in the tree, and refusing would force
 *  editors to empty a branch item by item. The event names every removed id so readers need no recursion. */
export function deleteMenuItem(command: DeleteAppMenuItem, state: MenuState): MenuEvent[] {
  const item = requireItem(state, command.data.id, command.data.expectedVersion);
  return [
    {
      type: 'AppMenuItemDeleted',
      data: {
        id: item.id,
        parentId: item.parentId,
        position: item.position,
        deletedIds: subtreeIds(state, item.id),
      },
    },
  ];
}

export function decideMenu(command: MenuCommand, state: MenuState): MenuEvent[] {
  switch (command.type) {
    case 'CreateAppMenuItem':
      return createMenuItem(command, state);
    case 'UpdateAppMenuItem':
      return updateMenuItem(command, state);
    case 'MoveAppMenuItem':
      return moveMenuItem(command, state);
    case 'DeleteAppMenuItem':
      return deleteMenuItem(command, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export const menuDecider: Decider<MenuCommand, MenuEvent, MenuState> = {
  initialState: initialMenuState,
  evolve: evolveMenu,
  decide: decideMenu,
};
