import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { MenuEvent, MenuItemFields } from '@platform/contracts/menu/events';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { menuDecider, type MenuCommand } from './decide.ts';
import { childrenOf } from '@platform/contracts/menu/state';

const spec = deciderSpec(menuDecider);
const metadata = specMetadata();
const A = '0a000000-0000-4000-8000-00000000000a';
const B = '0b000000-0000-4000-8000-00000000000b';
const C = '0c000000-0000-4000-8000-00000000000c';
const D = '0d000000-0000-4000-8000-00000000000d';
const PAGE = '0e000000-0000-4000-8000-00000000000e';

const fields = (overrides: Partial<MenuItemFields> = {}): MenuItemFields => ({
  name: 'Item',
  description: null,
  pageId: null,
  url: null,
  blank: false,
  color: null,
  alignsNextRight: false,
  requiresAuth: false,
  roles: [],
  accessLevel: null,
  ...overrides,
});
const created = (
  id: string,
  parentId: string | null,
  position: number,
  f: Partial<MenuItemFields> = {},
): MenuEvent => ({
  type: 'AppMenuItemCreated',
  data: { ...fields(f), id, parentId, position },
});
const create = (
  id: string,
  parentId: string | null,
  position?: number,
  f: Partial<MenuItemFields> = {},
): MenuCommand => ({
  type: 'CreateAppMenuItem',
  data: { ...fields(f), id, parentId, ...(position === undefined ? {} : { position }) },
  metadata,
});
const move = (
  id: string,
  parentId: string | null,
  position?: number,
  expectedVersion?: bigint,
): MenuCommand => ({
  type: 'MoveAppMenuItem',
  data: { id, parentId, position, expectedVersion },
  metadata,
});

/** A, B at the root; C under A. */
const tree = [created(A, null, 0), created(B, null, 1), created(C, A, 0)];

describe('menu decider: create', () => {
  it('appends at the end of its parent when no position is given', () => {
    spec
      .given(tree)
      .when(create(D, null))
      .then([created(D, null, 2)]);
  });

  it('inserts at a given position and shifts the siblings after it', () => {
    const state = spec.given([...tree, created(D, null, 0)]).state;
    expect(childrenOf(state, null).map((i) => [i.id, i.position])).toEqual([
      [D, 0],
      [A, 1],
      [B, 2],
    ]);
  });

  it('creates a child of an existing parent', () => {
    spec
      .given(tree)
      .when(create(D, A, 0))
      .then([created(D, A, 0)]);
  });

  it('refuses an unknown parent', () => {
    spec
      .given(tree)
      .when(create(D, PAGE))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/relationships/parent/data' })],
      });
  });

  it('refuses a position past the end of the siblings', () => {
    spec
      .given(tree)
      .when(create(D, null, 3))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/position' })],
      });
  });

  it('refuses a page and a url at once', () => {
    spec
      .given([])
      .when(create(D, null, undefined, { pageId: PAGE, url: '/x' }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/url' })],
      });
  });

  it('accepts a heading with neither page nor url', () => {
    spec
      .given([])
      .when(create(D, null))
      .then([created(D, null, 0)]);
  });

  it('refuses an id in use, and the id of a deleted item', () => {
    spec.given(tree).when(create(A, null)).thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
    const deleted: MenuEvent = {
      type: 'AppMenuItemDeleted',
      data: { id: B, parentId: null, position: 1, deletedIds: [B] },
    };
    spec
      .given([...tree, deleted])
      .when(create(B, null))
      .thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });
});

describe('menu decider: move', () => {
  it('moves an item under another parent, at the end by default', () => {
    spec
      .given(tree)
      .when(move(B, A))
      .then([
        {
          type: 'AppMenuItemMoved',
          data: { id: B, fromParentId: null, fromPosition: 1, toParentId: A, toPosition: 1 },
        },
      ]);
  });

  it('keeps positions contiguous in both parents', () => {
    const moved: MenuEvent = {
      type: 'AppMenuItemMoved',
      data: { id: A, fromParentId: null, fromPosition: 0, toParentId: B, toPosition: 0 },
    };
    const state = spec.given([...tree, created(D, null, 2), moved]).state;
    expect(childrenOf(state, null).map((i) => [i.id, i.position])).toEqual([
      [B, 0],
      [D, 1],
    ]);
    expect(childrenOf(state, B).map((i) => [i.id, i.position])).toEqual([[A, 0]]);
  });

  it('reorders within the same parent', () => {
    const moved: MenuEvent = {
      type: 'AppMenuItemMoved',
      data: { id: A, fromParentId: null, fromPosition: 0, toParentId: null, toPosition: 2 },
    };
    spec
      .given([...tree, created(D, null, 2)])
      .when(move(A, null, 2))
      .then([moved]);
    const state = spec.given([...tree, created(D, null, 2), moved]).state;
    expect(childrenOf(state, null).map((i) => i.id)).toEqual([B, D, A]);
  });

  it('decides nothing when the item is already there', () => {
    spec
      .given(tree)
      .when(move(B, null, 1))
      .then([]);
  });

  it('refuses a move under itself or under a descendant (a cycle)', () => {
    spec
      .given(tree)
      .when(move(A, A))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/relationships/parent/data' })],
      });
    spec.given(tree).when(move(A, C)).thenThrows(ValidationError);
  });

  it('refuses an unknown parent, an unknown item and a position out of range', () => {
    spec.given(tree).when(move(B, PAGE)).thenThrows(ValidationError);
    spec.given(tree).when(move(D, null)).thenThrows(NotFoundError);
    spec
      .given(tree)
      .when(move(B, null, 2))
      .thenThrows(ValidationError);
    spec
      .given(tree)
      .when(move(B, A, 2))
      .thenThrows(ValidationError);
  });

  it('refuses a stale item version (If-Match) but ignores changes to other items', () => {
    // C was created at revision 2; creating D afterwards does not make C stale
    spec
      .given([...tree, created(D, null, 2)])
      .when(move(C, null, 0, 2n))
      .then([
        {
          type: 'AppMenuItemMoved',
          data: { id: C, fromParentId: A, fromPosition: 0, toParentId: null, toPosition: 0 },
        },
      ]);
    spec
      .given(tree)
      .when(move(C, null, 0, 1n))
      .thenThrows(ConflictError, { code: 'conflict.wrong_expected_version' });
  });
});

describe('menu decider: update', () => {
  const update = (changes: Partial<MenuItemFields>, extra: object = {}): MenuCommand => ({
    type: 'UpdateAppMenuItem',
    data: { id: C, changes, ...extra },
    metadata,
  });

  it('records every field after the change', () => {
    spec
      .given(tree)
      .when(update({ name: 'Renamed', roles: ['admin'] }))
      .then([
        { type: 'AppMenuItemUpdated', data: { ...fields({ name: 'Renamed', roles: ['admin'] }), id: C } },
      ]);
  });

  it('decides nothing when nothing changes', () => {
    spec
      .given(tree)
      .when(update({ name: 'Item', roles: [] }))
      .then([]);
  });

  it('refuses a url on an item that links to a page, and accepts swapping one for the other', () => {
    const withPage = [
      ...tree,
      { type: 'AppMenuItemUpdated', data: { ...fields({ pageId: PAGE }), id: C } } as MenuEvent,
    ];
    spec
      .given(withPage)
      .when(update({ url: 'https://example.org' }))
      .thenThrows(ValidationError);
    spec
      .given(withPage)
      .when(update({ url: 'https://example.org', pageId: null }))
      .then([{ type: 'AppMenuItemUpdated', data: { ...fields({ url: 'https://example.org' }), id: C } }]);
  });

  it('moves too when a parent is given', () => {
    spec
      .given(tree)
      .when(update({}, { move: { parentId: null } }))
      .then([
        {
          type: 'AppMenuItemMoved',
          data: { id: C, fromParentId: A, fromPosition: 0, toParentId: null, toPosition: 2 },
        },
      ]);
  });

  it('refuses an unknown item and a stale version', () => {
    spec
      .given(tree)
      .when({ type: 'UpdateAppMenuItem', data: { id: D, changes: {} }, metadata })
      .thenThrows(NotFoundError);
    spec
      .given(tree)
      .when(update({ name: 'x' }, { expectedVersion: 0n }))
      .thenThrows(ConflictError);
  });
});

describe('menu decider: delete', () => {
  const del = (id: string): MenuCommand => ({ type: 'DeleteAppMenuItem', data: { id }, metadata });

  it('deletes a parent with its whole subtree and closes the gap among its siblings', () => {
    const deep = [...tree, created(D, C, 0)];
    const deleted: MenuEvent = {
      type: 'AppMenuItemDeleted',
      data: { id: A, parentId: null, position: 0, deletedIds: [A, C, D] },
    };
    spec.given(deep).when(del(A)).then([deleted]);
    const state = spec.given([...deep, deleted]).state;
    expect([...state.items.keys()]).toEqual([B]);
    expect(state.items.get(B)?.position).toBe(0);
  });

  it('refuses an unknown or already deleted item', () => {
    spec.given(tree).when(del(D)).thenThrows(NotFoundError);
    const deleted: MenuEvent = {
      type: 'AppMenuItemDeleted',
      data: { id: B, parentId: null, position: 1, deletedIds: [B] },
    };
    spec
      .given([...tree, deleted])
      .when(del(B))
      .thenThrows(NotFoundError);
  });
});
