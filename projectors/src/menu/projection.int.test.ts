import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { menuDecider, type MenuCommand } from '@platform/command-api/menu/decide';
import { specMetadata } from '@platform/tests/support/decider-spec';
import type { MenuEvent, MenuItemFields } from '@platform/contracts/menu/events';
import { projectionSpec } from '@platform/tests/support/projection-spec';
import { menuProjection } from './projection.ts';

const spec = projectionSpec<MenuEvent>(menuProjection, {
  streamId: 'menu-main',
  actor: { userId: 'admin-1' },
});
const columns = `id, parent_id, position, name, page_id, url, roles, access_level, access_level_weight, requires_auth,
                 created_by, updated_at, version::int as version`;
/** The menu's rows after the events, ordered by parent and position. */
const project = (events: MenuEvent[]) =>
  spec.given(events).rows(`select ${columns} from app_menu_items order by parent_id nulls first, position`);

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

const A = randomUUID();
const B = randomUUID();
const C = randomUUID();
const created = (
  id: string,
  parentId: string | null,
  position: number,
  f: Partial<MenuItemFields> = {},
): MenuEvent => ({
  type: 'AppMenuItemCreated',
  data: { ...fields(f), id, parentId, position },
});

describe('menu projection', () => {
  it('inserts items with their fields, denormalised access weight, author and version', async () => {
    await spec
      .given([
        created(A, null, 0, {
          name: 'Members',
          accessLevel: 'member_level_1',
          roles: ['admin'],
          requiresAuth: true,
        }),
      ])
      .thenRows(`select ${columns} from app_menu_items`, [
        expect.objectContaining({
          id: A,
          parent_id: null,
          position: 0,
          name: 'Members',
          roles: ['admin'],
          access_level: 'member_level_1',
          access_level_weight: 300,
          requires_auth: true,
          created_by: 'admin-1',
          version: 0,
        }),
      ]);
  });

  it('keeps sibling positions contiguous through inserts, moves and deletes', async () => {
    const rows = await project([
      created(A, null, 0),
      created(B, null, 0),
      created(C, A, 0),
      {
        type: 'AppMenuItemMoved',
        data: { id: B, fromParentId: null, fromPosition: 0, toParentId: A, toPosition: 0 },
      },
      { type: 'AppMenuItemUpdated', data: { ...fields({ name: 'Renamed', url: '/x' }), id: C } },
    ]);
    expect(rows.map((r) => [r.id, r.parent_id, r.position, r.name, r.version])).toEqual([
      [A, null, 0, 'Item', 0],
      [B, A, 0, 'Item', 3],
      [C, A, 1, 'Renamed', 4],
    ]);
    const afterDelete = await project([
      created(A, null, 0),
      created(B, null, 1),
      created(C, A, 0),
      { type: 'AppMenuItemDeleted', data: { id: A, parentId: null, position: 0, deletedIds: [A, C] } },
    ]);
    expect(afterDelete.map((r) => [r.id, r.position])).toEqual([[B, 0]]);
  });

  it('ends in the same tree as the decider after a long random edit session', async () => {
    // a seeded pseudo-random walk, so a failure is reproducible
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const metadata = specMetadata();
    let state = menuDecider.initialState();
    const history: MenuEvent[] = [];
    for (let step = 0; step < 300; step++) {
      const ids = [...state.items.keys()];
      const pick = () => (ids.length ? ids[rand(ids.length)]! : null);
      const op = ids.length < 3 ? 0 : rand(4);
      const command: MenuCommand =
        op === 0
          ? {
              type: 'CreateAppMenuItem',
              data: { ...fields(), id: randomUUID(), parentId: rand(3) ? pick() : null },
              metadata,
            }
          : op === 1 || op === 2
            ? {
                type: 'MoveAppMenuItem',
                data: { id: pick()!, parentId: rand(3) ? pick() : null, position: rand(4) },
                metadata,
              }
            : { type: 'DeleteAppMenuItem', data: { id: pick()! }, metadata };
      try {
        const events = menuDecider.decide(command, state);
        for (const e of events) state = menuDecider.evolve(state, e);
        history.push(...events);
      } catch {
        // refused commands (cycles, positions out of range) decide nothing
      }
    }
    const rows = await project(history);
    const expected = [...state.items.values()]
      .map((i) => [i.id, i.parentId, i.position])
      .sort((a, b) => String(a[1] ?? '').localeCompare(String(b[1] ?? '')) || Number(a[2]) - Number(b[2]));
    const actual = rows
      .map((r) => [r.id, r.parent_id, r.position])
      .sort((a, b) => String(a[1] ?? '').localeCompare(String(b[1] ?? '')) || Number(a[2]) - Number(b[2]));
    expect(history.length).toBeGreaterThan(100);
    expect(actual).toEqual(expected);
  });
});
