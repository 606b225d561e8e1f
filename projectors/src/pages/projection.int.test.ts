import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageCommand } from '@platform/command-api/pages/commands';
import { pageDecider } from '@platform/command-api/pages/decide';
import type { PageState } from '@platform/contracts/pages/state';
import type { PageEvent } from '@platform/contracts/pages/events';
import { createSql } from '@platform/infra/db/postgres';
import type { RecordedEvent } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { pagesProjection } from './projection.ts';

let db: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, { max: 2 });
});
afterAll(async () => {
  await sql.end();
  await db.drop();
});

/** Events recorded on their page streams, as the decider produced them (versions counted per stream). */
class Log {
  readonly events: RecordedEvent[] = [];
  private readonly states = new Map<string, PageState>();
  private clock = Date.parse('2025-05-14T10:00:00.000Z');

  run(streamPageId: string, type: PageCommand['type'], data: Record<string, unknown>): PageEvent[] {
    this.clock += 60_000;
    const command = {
      type,
      data,
      metadata: {
        now: new Date(this.clock),
        actor: { userId: 'admin-1', actingAsOrganizationId: null, impersonatorId: null },
        correlationId: 'c',
        causationId: 'c',
      },
    } as PageCommand;
    const state = this.state(streamPageId);
    const decided = pageDecider.decide(command, state);
    this.states.set(streamPageId, decided.reduce(pageDecider.evolve, state));
    const streamId = `page-${streamPageId}`;
    for (const e of decided) {
      const streamVersion = BigInt(this.events.filter((x) => x.streamId === streamId).length);
      this.events.push({
        ...e,
        eventId: randomUUID(),
        streamId,
        streamVersion,
        globalPosition: BigInt(this.events.length + 1),
        recordedAt: new Date(this.clock),
        metadata: {
          eventId: randomUUID(),
          correlationId: 'c',
          causationId: 'c',
          actor: command.metadata.actor,
          recordedAt: new Date(this.clock).toISOString(),
          schemaVersion: 1,
        },
      });
    }
    return decided;
  }

  state(pageId: string): PageState {
    return this.states.get(pageId) ?? pageDecider.initialState();
  }
}

/** Applies the log in a fresh schema, as the runner does, and reads the tables back. */
async function project(log: Log) {
  const schema = `pages_test_${randomUUID().replaceAll('-', '')}`;
  return sql.begin(async (tx) => {
    await tx.unsafe(`create schema ${schema}; set local search_path to ${schema}, public`);
    await pagesProjection.setup(tx);
    for (const event of log.events) await pagesProjection.apply(tx, event);
    const pages = await tx<Record<string, unknown>[]>`
      select id, path, title, requires_auth, access_level, access_level_weight, roles, is_default, is_draft,
             draft_of_page_id, draft_page_id, created_by, updated_by, created_at, updated_at, deleted_at,
             version::int as version
        from app_pages order by created_at`;
    const components = await tx<
      { id: string; page_id: string; name: string; position: number; props: unknown }[]
    >`
      select id, page_id, name, view_id, position, props from app_page_components order by page_id, position`;
    return { pages, components };
  });
}

const P = randomUUID();
const [A, B, C] = [randomUUID(), randomUUID(), randomUUID()];
const attributes = {
  path: '/about',
  title: 'About',
  description: '',
  styles: '',
  requiresAuth: true,
  accessLevel: 'member_level_1',
  roles: ['contributor'],
  isDefault: false,
};
const titleComponent = (title: string, position: number | null = null) => ({
  name: 'title',
  viewId: null,
  position,
  props: { title },
});

describe('pages projection', () => {
  it('keeps a page row and its component positions as the decider does', async () => {
    const log = new Log();
    log.run(P, 'CreateAppPage', { pageId: P, attributes });
    log.run(P, 'AddAppPageComponent', { pageId: P, componentId: A, attributes: titleComponent('a') });
    log.run(P, 'AddAppPageComponent', { pageId: P, componentId: B, attributes: titleComponent('b') });
    log.run(P, 'AddAppPageComponent', { pageId: P, componentId: C, attributes: titleComponent('c', 0) });
    log.run(P, 'MoveAppPageComponent', { pageId: P, componentId: C, position: 2 });
    log.run(P, 'UpdateAppPageComponent', {
      pageId: P,
      componentId: A,
      attributes: { props: { title: 'A!' } },
    });
    log.run(P, 'RemoveAppPageComponent', { pageId: P, componentId: B });
    log.run(P, 'UpdateAppPage', { pageId: P, attributes: { title: 'About us', accessLevel: null } });

    const { pages, components } = await project(log);
    expect(pages).toEqual([
      expect.objectContaining({
        id: P,
        path: '/about',
        title: 'About us',
        requires_auth: true,
        access_level: null,
        access_level_weight: null,
        roles: ['contributor'],
        is_draft: false,
        draft_page_id: null,
        created_by: 'admin-1',
        deleted_at: null,
        version: 7,
      }),
    ]);
    expect(components.map((c) => [c.id, c.position])).toEqual([
      [A, 0],
      [C, 1],
    ]);
    expect(components[0]?.props).toEqual(
      expect.objectContaining({ title: 'A!', level: 2, inverseBackground: false }),
    );
    const state = log.state(P);
    expect(state.status === 'active' && state.components.map((c) => [c.componentId, c.position])).toEqual(
      components.map((c) => [c.id, c.position]),
    );
  });

  it('denormalises the access level weight and soft-deletes', async () => {
    const log = new Log();
    log.run(P, 'CreateAppPage', { pageId: P, attributes });
    log.run(P, 'DeleteAppPage', { pageId: P });
    const { pages } = await project(log);
    expect(pages[0]).toMatchObject({ access_level: 'member_level_1', access_level_weight: 300, version: 1 });
    expect(pages[0]?.deleted_at).toBeInstanceOf(Date);
  });

  it('follows a draft from its creation to its publication', async () => {
    const log = new Log();
    const D = randomUUID();
    log.run(P, 'CreateAppPage', { pageId: P, attributes });
    log.run(P, 'AddAppPageComponent', { pageId: P, componentId: A, attributes: titleComponent('a') });
    log.run(P, 'CreateAppPageDraft', { pageId: P, draftPageId: D });
    const page = log.state(P);
    if (page.status !== 'active') throw new Error('page should be active');
    const copy = page.components.map((c) => ({ ...c, componentId: B }));
    log.run(D, 'StartAppPageDraft', {
      draftPageId: D,
      draftOfPageId: P,
      fields: page.fields,
      components: copy,
    });

    let rows = await project(log);
    expect(rows.pages.map((p) => [p.id, p.is_draft, p.draft_of_page_id, p.draft_page_id])).toEqual([
      [P, false, null, D],
      [D, true, P, null],
    ]);
    const draftRow = rows.pages[1]!;
    expect(draftRow.created_at).toEqual(draftRow.updated_at);
    expect(rows.components.map((c) => [c.id, c.page_id])).toEqual(
      expect.arrayContaining([
        [A, P],
        [B, D],
      ]),
    );

    log.run(D, 'UpdateAppPage', { pageId: D, attributes: { title: 'About (new)', path: '/about-us' } });
    log.run(D, 'AddAppPageComponent', { pageId: D, componentId: C, attributes: titleComponent('c', 0) });
    const draft = log.state(D);
    if (draft.status !== 'active') throw new Error('draft should be active');
    log.run(P, 'ApplyAppPageDraft', {
      pageId: P,
      draftPageId: D,
      fields: draft.fields,
      components: draft.components,
    });
    log.run(D, 'PublishAppPageDraft', { pageId: D });

    rows = await project(log);
    expect(rows.pages).toEqual([
      expect.objectContaining({
        id: P,
        title: 'About (new)',
        path: '/about-us',
        draft_page_id: null,
        is_draft: false,
      }),
    ]);
    expect(rows.components.map((c) => [c.id, c.page_id, c.position])).toEqual([
      [C, P, 0],
      [B, P, 1],
    ]);
  });

  it('clears the draft link when the draft is discarded', async () => {
    const log = new Log();
    const D = randomUUID();
    log.run(P, 'CreateAppPage', { pageId: P, attributes });
    log.run(P, 'CreateAppPageDraft', { pageId: P, draftPageId: D });
    log.run(P, 'DiscardAppPageDraft', { pageId: P, draftPageId: D });
    const { pages } = await project(log);
    expect(pages[0]).toMatchObject({ draft_page_id: null, version: 2 });
  });

  it('agrees with evolve on positions after a long random run of adds, moves and removes', async () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const log = new Log();
    const live: string[] = [];
    log.run(P, 'CreateAppPage', { pageId: P, attributes });
    for (let step = 0; step < 120; step++) {
      const roll = random(10);
      if (live.length < 2 || roll < 4) {
        const id = randomUUID();
        live.push(id);
        const position = random(3) === 0 ? null : random(live.length + 2);
        log.run(P, 'AddAppPageComponent', {
          pageId: P,
          componentId: id,
          attributes: titleComponent(id, position),
        });
      } else if (roll < 8) {
        const id = live[random(live.length)]!;
        log.run(P, 'MoveAppPageComponent', { pageId: P, componentId: id, position: random(live.length + 1) });
      } else {
        const id = live.splice(random(live.length), 1)[0]!;
        log.run(P, 'RemoveAppPageComponent', { pageId: P, componentId: id });
      }
    }
    const { components } = await project(log);
    const state = log.state(P);
    if (state.status !== 'active') throw new Error('page should be active');
    expect(components.map((c) => [c.id, c.position])).toEqual(
      state.components.map((c) => [c.componentId, c.position]),
    );
    expect(components.map((c) => c.position)).toEqual(components.map((_, i) => i));
  });
});
