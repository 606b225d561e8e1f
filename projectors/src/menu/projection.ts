import type { TransactionSql } from 'postgres';
import { ACCESS_LEVEL_WEIGHTS } from '@platform/contracts/enums';
import type { MenuEvent, MenuItemFields } from '@platform/contracts/menu/events';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '../projection.ts';

/**
 * `app_menu_items`: one row per live menu item. Positions are kept contiguous per parent exactly as the menu
 * decider's evolve does, so readers order siblings by `position`. `access_level_weight` is denormalised so the
 * query side filters by the viewer's weight in SQL.
 */
export const menuProjection: Projection = {
  name: 'menu',
  version: 1,
  eventTypes: ['AppMenuItemCreated', 'AppMenuItemUpdated', 'AppMenuItemMoved', 'AppMenuItemDeleted'],
  tables: ['app_menu_items'],
  async setup(tx) {
    await tx.unsafe(`
      create table app_menu_items (
        id uuid primary key,
        parent_id uuid null,
        position int not null,
        name text not null,
        description text null,
        page_id uuid null,
        url text null,
        blank boolean not null,
        color text null,
        aligns_next_right boolean not null,
        requires_auth boolean not null,
        roles text[] not null,
        access_level text null,
        access_level_weight int null,
        created_by text null,
        updated_by text null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        -- always null: deleted items leave the table, the column lets the shared visibility clause apply
        deleted_at timestamptz null,
        version bigint not null
      );
      create index app_menu_items_parent on app_menu_items (parent_id, position);
      create index app_menu_items_page on app_menu_items (page_id) where page_id is not null;
    `);
  },
  async apply(tx, recorded) {
    await applyMenuEvent(tx, recorded as RecordedEvent<MenuEvent['type']> & MenuEvent);
  },
};

function fieldColumns(f: MenuItemFields) {
  return {
    name: f.name,
    description: f.description,
    page_id: f.pageId,
    url: f.url,
    blank: f.blank,
    color: f.color,
    aligns_next_right: f.alignsNextRight,
    requires_auth: f.requiresAuth,
    roles: f.roles,
    access_level: f.accessLevel,
    access_level_weight: f.accessLevel === null ? null : ACCESS_LEVEL_WEIGHTS[f.accessLevel],
  };
}

async function shift(
  tx: TransactionSql,
  parentId: string | null,
  from: number,
  delta: 1 | -1,
  skipId?: string,
) {
  await tx`
    update app_menu_items set position = position + ${delta}
     where parent_id is not distinct from ${parentId}::uuid and position >= ${from}
       ${skipId ? tx`and id <> ${skipId}` : tx``}`;
}

async function applyMenuEvent(tx: TransactionSql, event: RecordedEvent & MenuEvent): Promise<void> {
  const by = event.metadata.actor.userId;
  const at = event.metadata.recordedAt;
  const version = event.streamVersion.toString();
  switch (event.type) {
    case 'AppMenuItemCreated': {
      const { id, parentId, position, ...fields } = event.data;
      await shift(tx, parentId, position, 1);
      const row = {
        id,
        parent_id: parentId,
        position,
        ...fieldColumns(fields),
        created_by: by,
        updated_by: by,
        created_at: at,
        updated_at: at,
        version,
      };
      await tx`insert into app_menu_items ${tx(row)}`;
      return;
    }
    case 'AppMenuItemUpdated': {
      const { id, ...fields } = event.data;
      const row = { ...fieldColumns(fields), updated_by: by, updated_at: at, version };
      await tx`update app_menu_items set ${tx(row)} where id = ${id}`;
      return;
    }
    case 'AppMenuItemMoved': {
      const { id, fromParentId, fromPosition, toParentId, toPosition } = event.data;
      await shift(tx, fromParentId, fromPosition + 1, -1, id);
      await shift(tx, toParentId, toPosition, 1, id);
      await tx`
        update app_menu_items
           set parent_id = ${toParentId}::uuid, position = ${toPosition}, updated_by = ${by}, updated_at = ${at},
               version = ${version}
         where id = ${id}`;
      return;
    }
    case 'AppMenuItemDeleted': {
      const { parentId, position, deletedIds } = event.data;
      await tx`delete from app_menu_items where id = any(${deletedIds}::uuid[])`;
      await shift(tx, parentId, position + 1, -1);
      return;
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
