import type { TransactionSql } from 'postgres';
import { ACCESS_LEVEL_WEIGHTS } from '@platform/contracts/enums';
import {
  PAGE_EVENT_TYPES,
  type PageComponent,
  type PageEvent,
  type PageFields,
} from '@platform/contracts/pages/events';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '../projection.ts';

/**
 * `app_pages` and `app_page_components`, as agreed with the route resolver. Component positions are kept
 * dense per page exactly as the page decider's evolve keeps them. `version` is the page stream's version
 * (what a client sends back as If-Match); `access_level_weight` is denormalised so readers filter by the
 * viewer's weight in SQL. A published draft is removed (its content now lives in its page); a deleted page
 * keeps its row with `deleted_at` set, since administrators may still see it. Who changed a page and when
 * (`created_by`, `updated_by`, the times) come from each event's metadata (`actor`, `recordedAt`).
 *
 * Version 2: those columns were read from the payloads of version-1 page events (which no longer carry them).
 */
export const pagesProjection: Projection = {
  name: 'pages',
  version: 2,
  eventTypes: PAGE_EVENT_TYPES,
  tables: ['app_pages', 'app_page_components'],
  async setup(tx) {
    await tx.unsafe(`
      create table app_pages (
        id uuid primary key,
        path text not null,
        title text not null,
        description text not null,
        styles text not null,
        requires_auth boolean not null,
        access_level text null,
        access_level_weight int null,
        roles text[] not null,
        is_default boolean not null,
        is_draft boolean not null,
        draft_of_page_id uuid null,
        draft_page_id uuid null,
        created_by text null,
        updated_by text null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        deleted_at timestamptz null,
        version bigint not null
      );
      create index app_pages_path on app_pages (path) where deleted_at is null and not is_draft;
      create table app_page_components (
        id uuid primary key,
        page_id uuid not null,
        name text not null,
        view_id text null,
        position int not null,
        props jsonb not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index app_page_components_page on app_page_components (page_id, position);
    `);
  },
  async apply(tx, recorded) {
    await applyPageEvent(tx, recorded as RecordedEvent & PageEvent);
  },
};

function fieldColumns(f: PageFields) {
  return {
    path: f.path,
    title: f.title,
    description: f.description,
    styles: f.styles,
    requires_auth: f.requiresAuth,
    access_level: f.accessLevel,
    access_level_weight: f.accessLevel === null ? null : ACCESS_LEVEL_WEIGHTS[f.accessLevel],
    roles: f.roles,
    is_default: f.isDefault,
  };
}

async function insertComponents(tx: TransactionSql, pageId: string, components: PageComponent[], at: string) {
  for (const c of components) {
    await tx`
      insert into app_page_components (id, page_id, name, view_id, position, props, created_at, updated_at)
      values (${c.componentId}, ${pageId}, ${c.name}, ${c.viewId}, ${c.position}, ${tx.json(c.props as never)},
              ${at}, ${at})
      on conflict (id) do update set page_id = excluded.page_id, name = excluded.name, view_id = excluded.view_id,
        position = excluded.position, props = excluded.props, updated_at = excluded.updated_at`;
  }
}

/** Moves the components of a page at or after `from` by `delta` (optionally all but one). */
async function shift(tx: TransactionSql, pageId: string, from: number, delta: 1 | -1, skipId?: string) {
  await tx`
    update app_page_components set position = position + ${delta}
     where page_id = ${pageId} and position >= ${from} ${skipId ? tx`and id <> ${skipId}` : tx``}`;
}

async function touchPage(tx: TransactionSql, pageId: string, at: string, by: string | null, version: string) {
  await tx`update app_pages set updated_at = ${at}, updated_by = ${by}, version = ${version} where id = ${pageId}`;
}

async function applyPageEvent(tx: TransactionSql, event: RecordedEvent & PageEvent): Promise<void> {
  const version = event.streamVersion.toString();
  const at = event.metadata.recordedAt;
  const by = event.metadata.actor.userId;
  switch (event.type) {
    case 'AppPageCreated': {
      const { pageId, ...fields } = event.data;
      const row = {
        id: pageId,
        ...fieldColumns(fields),
        is_draft: false,
        created_by: by,
        updated_by: by,
        created_at: at,
        updated_at: at,
        version,
      };
      await tx`insert into app_pages ${tx(row)} on conflict (id) do nothing`;
      return;
    }
    case 'AppPageDraftStarted': {
      const { pageId, draftOfPageId, components, ...fields } = event.data;
      const row = {
        id: pageId,
        ...fieldColumns(fields),
        is_draft: true,
        draft_of_page_id: draftOfPageId,
        created_by: by,
        updated_by: by,
        created_at: at,
        updated_at: at,
        version,
      };
      await tx`insert into app_pages ${tx(row)} on conflict (id) do nothing`;
      await insertComponents(tx, pageId, components, at);
      return;
    }
    case 'AppPageUpdated': {
      const { pageId, ...fields } = event.data;
      const row = { ...fieldColumns(fields), updated_at: at, updated_by: by, version };
      await tx`update app_pages set ${tx(row)} where id = ${pageId}`;
      return;
    }
    case 'AppPageDeleted':
      await tx`update app_pages set deleted_at = ${at}, version = ${version}
                where id = ${event.data.pageId}`;
      return;
    case 'AppPageComponentAdded': {
      const { pageId, ...component } = event.data;
      await shift(tx, pageId, component.position, 1);
      await insertComponents(tx, pageId, [component], at);
      await touchPage(tx, pageId, at, by, version);
      return;
    }
    case 'AppPageComponentUpdated': {
      const { pageId, componentId, name, viewId, props } = event.data;
      await tx`update app_page_components
                  set name = ${name}, view_id = ${viewId}, props = ${tx.json(props as never)}, updated_at = ${at}
                where id = ${componentId}`;
      await touchPage(tx, pageId, at, by, version);
      return;
    }
    case 'AppPageComponentMoved': {
      const { pageId, componentId, fromPosition, toPosition } = event.data;
      await shift(tx, pageId, fromPosition + 1, -1, componentId);
      await shift(tx, pageId, toPosition, 1, componentId);
      await tx`update app_page_components set position = ${toPosition}, updated_at = ${at} where id = ${componentId}`;
      await touchPage(tx, pageId, at, by, version);
      return;
    }
    case 'AppPageComponentRemoved': {
      const { pageId, componentId, position } = event.data;
      await tx`delete from app_page_components where id = ${componentId}`;
      await shift(tx, pageId, position + 1, -1);
      await touchPage(tx, pageId, at, by, version);
      return;
    }
    case 'AppPageDraftCreated':
      await tx`update app_pages set draft_page_id = ${event.data.draftPageId}, version = ${version}
                where id = ${event.data.pageId}`;
      return;
    case 'AppPageDraftDiscarded':
      await tx`update app_pages set draft_page_id = null, version = ${version} where id = ${event.data.pageId}`;
      return;
    case 'AppPageDraftApplied': {
      const { pageId, draftPageId: _draft, components, ...fields } = event.data;
      const row = {
        ...fieldColumns(fields),
        draft_page_id: null,
        updated_at: at,
        updated_by: by,
        version,
      };
      await tx`update app_pages set ${tx(row)} where id = ${pageId}`;
      await tx`delete from app_page_components where page_id = ${pageId}`;
      // the draft's components (and their ids) become the page's
      await insertComponents(tx, pageId, components, at);
      return;
    }
    case 'AppPageDraftPublished':
      await tx`delete from app_page_components where page_id = ${event.data.pageId}`;
      await tx`delete from app_pages where id = ${event.data.pageId}`;
      return;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
